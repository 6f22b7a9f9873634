import { describe, expect, it } from "vitest";
import type { FormField } from "../../generated/tools/forms/FormField";
import { initialState } from "../values";
import { matchingOption, wordsToLookUp } from "./startingPicks";

const options = [
  { value: "CAR-015", label: "UPS", description: "UPSN · parcel" },
  { value: "CAR-016", label: "UPS Freight", description: "UPGF · ltl" },
];

describe("a selector's starting words", () => {
  it("stand for the option whose value or label they are, or the only one found", () => {
    expect(matchingOption("CAR-016", options)?.label).toBe("UPS Freight");
    expect(matchingOption("  ups ", options)?.value).toBe("CAR-015");
    expect(matchingOption("Pacific Outdoor Supply", [{ value: "CUS-0001", label: "Pacific Outdoor Supply Co." }])?.value).toBe("CUS-0001");
    expect(matchingOption("UP", options), "two found, neither named").toBeUndefined();
    expect(matchingOption("", options)).toBeUndefined();
    expect(matchingOption("x", [])).toBeUndefined();
  });

  it("are looked up for single selectors that start with a value and no pick", () => {
    const fields: FormField[] = [
      { name: "customerId", label: "Customer", type: "customerSelector", defaultValue: "Pacific Outdoor Supply" },
      { name: "carrierId", label: "Carrier", type: "carrierSelector", defaultValue: { value: "CAR-015", label: "UPS" } },
      { name: "serviceId", label: "Service", type: "deliveryServiceSelector", dependsOn: "carrierId", defaultValue: "Ground" },
      { name: "notify", label: "Notify", type: "multipleUserSelector", defaultValue: ["u-1"] },
      { name: "notes", label: "Notes", type: "text", defaultValue: "hello" },
      { name: "projectId", label: "Project", type: "generalProjectSelector", dependsOn: "taskCmd.customerId", defaultValue: "Onboarding" },
    ];
    expect(wordsToLookUp(fields, initialState(fields))).toEqual([
      { name: "customerId", kind: "customerSelector", text: "Pacific Outdoor Supply", dependsOn: undefined },
      { name: "serviceId", kind: "deliveryServiceSelector", text: "Ground", dependsOn: "CAR-015" },
      { name: "projectId", kind: "generalProjectSelector", text: "Onboarding", dependsOn: "Pacific Outdoor Supply" },
    ]);
  });
});
