import { describe, expect, it } from "vitest";
import type { FormField } from "../generated/tools/forms/FormField";
import { type FormModel, reduceForm } from "./formState";
import { initialState } from "./values";

const fields: FormField[] = [
  { name: "customerId", label: "Customer", type: "customerSelector", required: true },
  { name: "itemId", label: "Item", type: "itemmasterSelector", dependsOn: "taskCmd.customerId", required: true },
  { name: "door", label: "Door", type: "select", required: true, options: [{ label: "1", value: "1" }] },
  {
    name: "lines",
    label: "Lines",
    type: "array",
    required: true,
    arrayItemFields: [
      { name: "sku", label: "SKU", type: "itemmasterSelector", dependsOn: "customerId", required: true },
      { name: "unit", label: "Unit", type: "itemmasterUomSelector", dependsOn: "sku" },
    ],
  },
];

const start = (): FormModel => ({ state: initialState(fields), shown: new Set() });

describe("the form's reducer", () => {
  it("keeps a selector's pick, mirrors the customer, and resets what depends on it", () => {
    let model = reduceForm(fields, start(), { type: "set", name: "customerId", value: "C1", picked: { value: "C1", label: "Acme" } });
    model = reduceForm(fields, model, { type: "set", name: "itemId", value: "I1", picked: { value: "I1", label: "Tent" } });
    expect(model.state.values).toMatchObject({ customerId: "C1", itemId: "I1", taskCmd: { customerId: "C1" } });
    expect(model.state.labels).toEqual({ customerId: { value: "C1", label: "Acme" }, itemId: { value: "I1", label: "Tent" } });

    model = reduceForm(fields, model, { type: "set", name: "customerId", value: "", picked: undefined });
    expect(model.state.values).toMatchObject({ customerId: "", itemId: "", taskCmd: { customerId: "" } });
    expect(model.state.labels).toEqual({});
  });

  it("adds, edits and removes items", () => {
    let model = reduceForm(fields, start(), { type: "addItem", array: "lines" });
    model = reduceForm(fields, model, { type: "addItem", array: "lines" });
    model = reduceForm(fields, model, { type: "setItem", array: "lines", index: 1, name: "sku", value: "S1", picked: { value: "S1", label: "Sku" } });
    model = reduceForm(fields, model, { type: "setItem", array: "lines", index: 1, name: "unit", value: "EA", picked: { value: "EA", label: "Each" } });
    expect(model.state.values.lines).toEqual([
      { sku: "", unit: "", __metadata: {} },
      { sku: "S1", unit: "EA", __metadata: { sku: { value: "S1", label: "Sku" }, unit: { value: "EA", label: "Each" } } },
    ]);
    model = reduceForm(fields, model, { type: "setItem", array: "lines", index: 1, name: "sku", value: "S2", picked: { value: "S2", label: "Sku 2" } });
    expect(model.state.values.lines).toEqual([
      { sku: "", unit: "", __metadata: {} },
      { sku: "S2", unit: "", __metadata: { sku: { value: "S2", label: "Sku 2" } } },
    ]);
    model = reduceForm(fields, model, { type: "removeItem", array: "lines", index: 0 });
    expect(model.state.values.lines).toEqual([{ sku: "S2", unit: "", __metadata: { sku: { value: "S2", label: "Sku 2" } } }]);
    // The customer changes: the items' SKU, which depends on it, goes.
    model = reduceForm(fields, model, { type: "set", name: "customerId", value: "C9", picked: { value: "C9", label: "Nine" } });
    expect(model.state.values.lines).toEqual([{ sku: "", unit: "", __metadata: {} }]);
  });

  it("shows the problems a submit found, each until its field is fixed", () => {
    let model = reduceForm(fields, start(), { type: "showProblems", paths: ["customerId", "itemId", "door", "lines"] });
    expect([...model.shown]).toEqual(["customerId", "itemId", "door", "lines"]);
    model = reduceForm(fields, model, { type: "set", name: "door", value: "1" });
    model = reduceForm(fields, model, { type: "addItem", array: "lines" });
    expect([...model.shown]).toEqual(["customerId", "itemId"]);
    // A new problem (the new item's SKU) waits for the next submit.
    expect(model.shown.has("lines.0.sku")).toBe(false);
  });

  it("ignores changes to fields it does not have", () => {
    const model = start();
    expect(reduceForm(fields, model, { type: "set", name: "nope", value: "x" })).toBe(model);
    expect(reduceForm(fields, model, { type: "setItem", array: "lines", index: 3, name: "sku", value: "x" }).state.values.lines).toEqual([]);
  });
});
