import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { FormField } from "../generated/tools/forms/FormField";
import { FormSummary } from "./FormSummary";

const fields: FormField[] = [
  { name: "customerId", label: "Customer", type: "customerSelector" },
  { name: "watchers", label: "Watchers", type: "multipleUserSelector" },
  { name: "door", label: "Door", type: "select", options: [{ label: "North door", value: "n" }] },
  { name: "extras", label: "Extras", type: "checkboxGroup", options: [{ label: "Pallets", value: "p" }, { label: "Straps", value: "s" }] },
  { name: "hazmat", label: "Hazmat", type: "checkbox" },
  { name: "express", label: "Express", type: "switch" },
  { name: "qty", label: "Quantity", type: "number" },
  { name: "notes", label: "Notes", type: "textarea" },
  { name: "bol", label: "Bill of lading", type: "file" },
  { name: "shipTo", label: "Ship to", type: "address" },
  {
    name: "lines",
    label: "Lines",
    type: "array",
    itemLabel: "line",
    arrayItemFields: [
      { name: "sku", label: "SKU", type: "itemmasterSelector" },
      { name: "qty", label: "Qty", type: "number" },
    ],
  },
];

const row = (name: string) => screen.getByTestId(`summary-${name}`);

describe("the answers' summary", () => {
  it("shows each field's answer: picked labels, option labels, Yes/No, the address on lines, the items", () => {
    render(
      <FormSummary
        fields={fields}
        values={{
          customerId: "C1",
          watchers: ["u1", "u2"],
          door: "n",
          extras: ["p", "s"],
          hazmat: true,
          express: false,
          qty: 12,
          notes: "",
          bol: "/api/file-app/v1/file/view/t/bol%207.pdf",
          shipTo: { name: "Reno DC", street: "1 Dock Rd", street2: "", city: "Reno", state: "NV", zip: "89501", phone: "775-555-0100" },
          lines: [
            { sku: "S1", qty: 3, __metadata: { sku: { value: "S1", label: "PAC-1 · Tent" } } },
            { sku: "S2", qty: 4, __metadata: {} },
          ],
          taskCmd: { customerId: "C1" },
        }}
        labels={{ customerId: { value: "C1", label: "Pacific Outdoor Supply" }, watchers: [{ value: "u1", label: "Ana" }, { value: "u2", label: "Bo" }] }}
      />,
    );
    expect(row("customerId")).toHaveTextContent("CustomerPacific Outdoor Supply");
    expect(row("watchers")).toHaveTextContent("WatchersAna,Bo");
    expect(row("door")).toHaveTextContent("DoorNorth door");
    expect(row("extras")).toHaveTextContent("ExtrasPallets,Straps");
    expect(row("hazmat")).toHaveTextContent("HazmatYes");
    expect(row("express")).toHaveTextContent("ExpressNo");
    expect(row("qty")).toHaveTextContent("Quantity12");
    expect(row("notes")).toHaveTextContent("NotesNot given");
    expect(within(row("bol")).getByRole("link", { name: "bol 7.pdf" })).toHaveAttribute("href", "/api/file-app/v1/file/view/t/bol%207.pdf");
    const lines = [...within(row("shipTo")).getByTestId("summary-address").children].map((line) => line.textContent);
    expect(lines).toEqual(["Reno DC", "1 Dock Rd", "Reno, NV 89501", "775-555-0100"]);
    expect(within(row("lines")).getByTestId("summary-item-0")).toHaveTextContent("Line #1SKU:PAC-1 · TentQty:3");
    expect(within(row("lines")).getByTestId("summary-item-1")).toHaveTextContent("Line #2SKU:S2Qty:4");
    expect(screen.queryByTestId("summary-taskCmd")).toBeNull();
  });

  it("lays out an answer without its form by the answer's own keys", () => {
    render(
      <FormSummary
        values={{ customerId: "C1", expectedDate: "2026-12-01", urgent: true, items: [{ itemId: "ITM-1", __metadata: { itemId: { value: "ITM-1", label: "Tent" } } }], taskCmd: { customerId: "C1" } }}
        labels={{ customerId: { value: "C1", label: "Pacific Outdoor Supply" } }}
      />,
    );
    expect(row("customerId")).toHaveTextContent("customerIdPacific Outdoor Supply");
    expect(row("expectedDate")).toHaveTextContent("2026-12-01");
    expect(row("urgent")).toHaveTextContent("Yes");
    expect(row("items")).toHaveTextContent("Item #1itemId:Tent");
    expect(screen.queryByTestId("summary-taskCmd")).toBeNull();
  });

  it("shows hostile text as text and links only to web addresses", () => {
    const hostile = "<img src=x onerror=alert(1)>";
    render(
      <FormSummary
        fields={[
          { name: "a", label: hostile, type: "text" },
          { name: "f", label: "File", type: "file" },
        ]}
        values={{ a: hostile, f: "javascript:alert(1)" }}
      />,
    );
    expect(screen.getByTestId("form-summary").querySelector("img")).toBeNull();
    expect(row("a")).toHaveTextContent(`${hostile}${hostile}`);
    expect(within(row("f")).queryByRole("link")).toBeNull();
    expect(row("f")).toHaveTextContent("javascript:alert(1)");
  });
});
