import { describe, expect, it } from "vitest";
import type { FormField } from "../generated/tools/forms/FormField";
import { clearField, dependencyLabel, dependencyValue, settleDependents } from "./dependencies";
import { type ArrayItem, type FormState, withMirroredCustomer } from "./values";

const f = (name: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({ name, label: `${name} label`, type, ...extra });

const fields: FormField[] = [
  f("customerId", "customerSelector"),
  f("itemId", "itemmasterSelector", { dependsOn: "taskCmd.customerId" }),
  f("uom", "itemmasterUomSelector", { dependsOn: "itemId" }),
  f("carrierId", "carrierSelector"),
  f("serviceId", "deliveryServiceSelector", { dependsOn: "carrierId" }),
  f("tags", "checkboxGroup", { dependsOn: "carrierId" }),
  f("notes", "text"),
  f("lines", "array", {
    arrayItemFields: [
      { name: "sku", label: "SKU", type: "itemmasterSelector", dependsOn: "customerId" },
      { name: "unit", label: "Unit", type: "itemmasterUomSelector", dependsOn: "sku" },
      { name: "qty", label: "Qty", type: "number" },
    ],
  }),
];

const filled: FormState = {
  values: {
    customerId: "C1",
    taskCmd: { customerId: "C1" },
    itemId: "I1",
    uom: "CS",
    carrierId: "ups",
    serviceId: "ups-ground",
    tags: ["a"],
    notes: "n",
    lines: [{ sku: "S1", unit: "EA", qty: "2", __metadata: { sku: { value: "S1", label: "Sku 1" }, unit: { value: "EA", label: "Each" } } }],
  },
  labels: { customerId: { value: "C1", label: "Acme" }, itemId: { value: "I1", label: "Tent" }, uom: { value: "CS", label: "Case" }, carrierId: { value: "ups", label: "UPS" }, serviceId: { value: "ups-ground", label: "Ground" } },
};

/** The user's change as the form makes it: the value, its pick, the customer mirrored. */
function change(state: FormState, name: string, value: string, label?: string): FormState {
  let values = { ...state.values, [name]: value };
  if (name === "customerId") values = withMirroredCustomer(values, value);
  return { values, labels: { ...state.labels, ...(label ? { [name]: { value, label } } : {}) } };
}

describe("dependent fields", () => {
  it("are reset to empty, with their labels, when what they depend on changes", () => {
    const after = settleDependents(fields, filled, change(filled, "carrierId", "fedex", "FedEx"), "carrierId");
    expect(after.values).toMatchObject({ carrierId: "fedex", serviceId: "", tags: [], itemId: "I1", notes: "n" });
    expect(after.labels).not.toHaveProperty("serviceId");
    expect(after.labels.carrierId).toEqual({ value: "fedex", label: "FedEx" });
  });

  it("follow a dotted path, the mirrored customer id included, and down the chain", () => {
    const after = settleDependents(fields, filled, change(filled, "customerId", "C2", "Beta"), "customerId");
    expect(after.values).toMatchObject({ taskCmd: { customerId: "C2" }, itemId: "", uom: "", serviceId: "ups-ground" });
    expect(Object.keys(after.labels).sort()).toEqual(["carrierId", "customerId", "serviceId"]);
  });

  it("stay when the value they depend on is the same", () => {
    const after = settleDependents(fields, filled, change(filled, "carrierId", "ups", "UPS"), "carrierId");
    expect(after.values.serviceId).toBe("ups-ground");
  });

  it("never reset the field the user changed, even in a circle", () => {
    const circle = [f("a", "text", { dependsOn: "b" }), f("b", "text", { dependsOn: "a" })];
    const before: FormState = { values: { a: "1", b: "2" }, labels: {} };
    expect(settleDependents(circle, before, { values: { a: "3", b: "2" }, labels: {} }, "a").values).toEqual({ a: "3", b: "" });
  });

  it("inside array items are cleared in every item when the form value they depend on changes, with their metadata", () => {
    const state: FormState = { ...filled, values: { ...filled.values, lines: [...(filled.values.lines as ArrayItem[]), { sku: "S2", unit: "", qty: "1", __metadata: { sku: { value: "S2", label: "Sku 2" } } }] } };
    const after = settleDependents(fields, state, change(state, "customerId", "C2"), "customerId");
    expect(after.values.lines).toEqual([
      { sku: "", unit: "", qty: "2", __metadata: {} },
      { sku: "", unit: "", qty: "1", __metadata: {} },
    ]);
  });

  it("inside array items stay when another form value changes", () => {
    const after = settleDependents(fields, filled, change(filled, "notes", "m"), "notes");
    expect(after.values.lines).toBe(filled.values.lines);
  });

  it("clearing a customer selector empties the mirrored id too", () => {
    const cleared = clearField(filled, fields[0]!);
    expect(cleared.values).toMatchObject({ customerId: "", taskCmd: { customerId: "" } });
    expect(cleared.labels).not.toHaveProperty("customerId");
  });
});

describe("what a field depends on", () => {
  it("is read in the item for an item's own field, in the form otherwise", () => {
    const itemFields = (fields[7]!.arrayItemFields ?? []);
    const item = { sku: "S9", unit: "", qty: "" };
    expect(dependencyValue(filled.values, "sku", { fields: itemFields, values: item })).toBe("S9");
    expect(dependencyValue(filled.values, "customerId", { fields: itemFields, values: item })).toBe("C1");
    expect(dependencyValue(filled.values, "taskCmd.customerId")).toBe("C1");
    expect(dependencyValue(filled.values, "taskCmd.nothing.deeper")).toBeUndefined();
    expect(dependencyValue(filled.values, undefined)).toBeUndefined();
  });

  it("is named by its field's label, the customer selector's for the mirrored id", () => {
    expect(dependencyLabel(fields, "carrierId")).toBe("carrierId label");
    expect(dependencyLabel(fields, "taskCmd.customerId")).toBe("customerId label");
    expect(dependencyLabel(fields, "sku", fields[7]!.arrayItemFields)).toBe("SKU");
    expect(dependencyLabel(fields, "nowhere")).toBeUndefined();
  });
});
