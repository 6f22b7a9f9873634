import { describe, expect, it } from "vitest";
import { fieldsOf } from "./definitions";

describe("field definitions read from a tool call's input", () => {
  it("keep the usable fields and what they say", () => {
    expect(
      fieldsOf([
        { name: "door", label: "Door", type: "select", required: true, options: [{ label: "One", value: "1" }, { label: "Two", value: 2 }, { value: "x" }], dependsOn: "site" },
        { name: "lines", label: "Lines", type: "array", itemLabel: "line", arrayItemFields: [{ name: "sku", label: "SKU", type: "text" }, { name: "bad", type: "text" }] },
        { name: "door", label: "Twice", type: "text" },
        { name: "x", label: "Unknown type", type: "wysiwyg" },
        { label: "No name", type: "text" },
        "nonsense",
      ]),
    ).toEqual([
      { name: "door", label: "Door", type: "select", required: true, options: [{ label: "One", value: "1" }, { label: "Two", value: "2" }], dependsOn: "site" },
      { name: "lines", label: "Lines", type: "array", itemLabel: "line", arrayItemFields: [{ name: "sku", label: "SKU", type: "text" }] },
    ]);
    expect(fieldsOf(undefined)).toEqual([]);
    expect(fieldsOf({ name: "a" })).toEqual([]);
  });
});
