import { describe, expect, it } from "vitest";
import type { FormField } from "../generated/tools/forms/FormField";
import {
  FIELD_TYPES,
  dependencyText,
  emptyValue,
  initialState,
  isBlank,
  isFieldType,
  normalizeValue,
  selectorLabels,
  selectorValue,
  shownPicks,
  toJson,
  toResult,
  valueAt,
} from "./values";

const f = (name: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({ name, label: name, type, ...extra });

describe("field values", () => {
  it("knows every field type of the server's list", () => {
    expect(FIELD_TYPES).toHaveLength(27);
    expect(isFieldType("customerSelector")).toBe(true);
    expect(isFieldType("wysiwyg")).toBe(false);
  });

  it("has an empty value per type", () => {
    expect(emptyValue("checkbox")).toBe(false);
    expect(emptyValue("switch")).toBe(false);
    expect(emptyValue("checkboxGroup")).toEqual([]);
    expect(emptyValue("multipleUserSelector")).toEqual([]);
    expect(emptyValue("accessorialMultipleSelector")).toEqual([]);
    expect(emptyValue("array")).toEqual([]);
    for (const type of ["date", "datetime", "time", "address"] as const) expect(emptyValue(type), type).toBeUndefined();
    for (const type of ["text", "number", "select", "radio", "file", "customerSelector", "stateSelector"] as const) expect(emptyValue(type), type).toBe("");
  });

  it("tells blank values", () => {
    expect([undefined, null, "", "  ", []].every(isBlank)).toBe(true);
    expect([false, 0, "x", ["a"], {}].some(isBlank)).toBe(false);
  });

  it("reads given values in their type's shape", () => {
    expect(normalizeValue(f("n", "number"), 4)).toBe("4");
    expect(normalizeValue(f("c", "checkbox"), "true")).toBe(true);
    expect(normalizeValue(f("g", "checkboxGroup"), "a")).toEqual(["a"]);
    expect(normalizeValue(f("d", "date"), "")).toBeUndefined();
    expect(normalizeValue(f("s", "customerSelector"), { value: "C1", label: "Acme" })).toBe("C1");
    expect(normalizeValue(f("m", "multipleUserSelector"), [{ value: "u1", label: "Ana" }, "u2"])).toEqual(["u1", "u2"]);
    expect(normalizeValue(f("a", "address"), { city: "Reno", zip: 89501 })).toEqual({ name: "", street: "", street2: "", city: "Reno", state: "", zip: "89501", phone: "" });
    expect(normalizeValue(f("t", "text"), { nested: true })).toBe("");
  });

  it("reads a dotted path into the values", () => {
    const values = { customerId: "C1", taskCmd: { customerId: "C1", deep: { x: 1 } } };
    expect(valueAt(values, "customerId")).toBe("C1");
    expect(valueAt(values, "taskCmd.customerId")).toBe("C1");
    expect(valueAt(values, "taskCmd.deep.x")).toBe(1);
    expect(valueAt(values, "customerId.length")).toBeUndefined();
    expect(dependencyText(["a", "b"])).toBe("a,b");
    expect(dependencyText(undefined)).toBe("");
  });

  it("keeps a selector's value and its picks apart", () => {
    const picked = [{ value: "u1", label: "Ana", data: { id: 1 } }, { value: "u2", label: "Bo" }];
    expect(selectorValue("customerSelector", picked)).toBe("u1");
    expect(selectorValue("customerSelector", [])).toBe("");
    expect(selectorValue("multipleUserSelector", picked)).toEqual(["u1", "u2"]);
    expect(selectorLabels("customerSelector", picked)).toEqual({ value: "u1", label: "Ana", data: { id: 1 } });
    expect(selectorLabels("multipleUserSelector", picked)).toEqual([{ value: "u1", label: "Ana", data: { id: 1 } }, { value: "u2", label: "Bo" }]);
    expect(selectorLabels("customerSelector", [])).toBeUndefined();
    // A value without a pick (a default given as a bare id) shows as itself.
    expect(shownPicks(["u1", "u9"], [{ value: "u1", label: "Ana" }])).toEqual([{ value: "u1", label: "Ana" }, { value: "u9", label: "u9" }]);
  });

  it("leaves unset parts out of wire data", () => {
    expect(toJson({ a: undefined, b: [undefined, 1], c: { d: undefined } })).toEqual({ b: [null, 1], c: {} });
  });
});

describe("the form's start and result", () => {
  const fields = [
    f("customerId", "customerSelector", { defaultValue: { value: "C1", label: "Acme", data: { no: 7 } } }),
    f("qty", "number", { defaultValue: 2 }),
    f("day", "date"),
    f("notes", "text", { defaultValue: "hi" }),
    f("lines", "array", { arrayItemFields: [{ name: "sku", label: "SKU", type: "text" }, { name: "at", label: "At", type: "time" }], defaultValue: [{ sku: "A" }] }),
  ];

  it("starts from the defaults, a selector's pick and the mirrored customer included", () => {
    expect(initialState(fields)).toEqual({
      values: { customerId: "C1", taskCmd: { customerId: "C1" }, qty: "2", day: undefined, notes: "hi", lines: [{ sku: "A", at: undefined, __metadata: {} }] },
      labels: { customerId: { value: "C1", label: "Acme", data: { no: 7 } } },
    });
  });

  it("starts from values handed in over the defaults", () => {
    const state = initialState(fields, { customerId: "C2", notes: "", taskCmd: { customerId: "C2", other: 1 } });
    expect(state.values).toMatchObject({ customerId: "C2", notes: "", taskCmd: { customerId: "C2", other: 1 } });
    expect(state.labels).toEqual({});
  });

  it("submits numbers as numbers, leaves unset dates out, items with their metadata, labels of selectors only", () => {
    const state = initialState(fields);
    expect(toResult(fields, { ...state, labels: { ...state.labels, notes: { value: "x", label: "not a selector" } } })).toEqual({
      values: { customerId: "C1", qty: 2, notes: "hi", lines: [{ sku: "A", __metadata: {} }], taskCmd: { customerId: "C1" } },
      labels: { customerId: { value: "C1", label: "Acme", data: { no: 7 } } },
    });
    expect(toResult([f("qty", "number")], { values: { qty: "abc" }, labels: {} }).values).toEqual({ qty: "" });
  });
});
