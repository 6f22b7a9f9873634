import { describe, expect, it } from "vitest";
import type { ItemField } from "../generated/tools/forms/ItemField";
import { addItem, clearInItem, clearInItems, isItemDependency, newItem, removeItem, setItemValue } from "./arrays";
import { FIELD_TYPES } from "./values";

const sub = (name: string, type: ItemField["type"], extra: Partial<ItemField> = {}): ItemField => ({ name, label: name, type, ...extra });

describe("a new item", () => {
  it("starts each sub-field at its type's default (spec 001 §4)", () => {
    const item = newItem(FIELD_TYPES.filter((type) => type !== "array").map((type) => sub(type, type)));
    expect(item).toEqual({
      text: "",
      textarea: "",
      number: "",
      select: "",
      checkbox: false,
      checkboxGroup: [],
      radio: "",
      date: undefined,
      datetime: undefined,
      time: undefined,
      file: "",
      userSelector: "",
      customerSelector: "",
      titleSelector: "",
      generalProjectSelector: "",
      jobcodeSelector: "",
      carrierSelector: "",
      deliveryServiceSelector: "",
      itemmasterSelector: "",
      itemmasterUomSelector: "",
      stateSelector: "",
      // A yes/no, like the checkbox; the other list selector, like the multi-user one.
      switch: false,
      address: undefined,
      accessorialMultipleSelector: [],
      multipleUserSelector: [],
      jiraAssignableUserSelector: "",
      __metadata: {},
    });
    expect(Object.hasOwn(item, "date")).toBe(true);
  });

  it("takes a sub-field's default value, a selector's pick with it", () => {
    expect(
      newItem([
        sub("qty", "number", { defaultValue: 1 }),
        sub("kind", "select", { defaultValue: "euro" }),
        sub("fragile", "checkbox", { defaultValue: true }),
        sub("uom", "itemmasterUomSelector", { defaultValue: { value: "CS", label: "Case" } }),
        sub("owners", "multipleUserSelector", { defaultValue: ["u1"] }),
      ]),
    ).toEqual({ qty: "1", kind: "euro", fragile: true, uom: "CS", owners: ["u1"], __metadata: { uom: { value: "CS", label: "Case" } } });
  });
});

describe("adding and removing items", () => {
  const fields = [sub("sku", "text")];
  it("adds at the end and removes the one asked for", () => {
    const two = addItem(addItem([], fields), fields);
    expect(two).toEqual([
      { sku: "", __metadata: {} },
      { sku: "", __metadata: {} },
    ]);
    const items = [{ sku: "A" }, { sku: "B" }, { sku: "C" }];
    expect(removeItem(items, 1)).toEqual([{ sku: "A" }, { sku: "C" }]);
    expect(removeItem(items, 7)).toEqual(items);
  });
});

describe("editing an item", () => {
  const fields = [
    sub("itemId", "itemmasterSelector", { dependsOn: "customerId" }),
    sub("uom", "itemmasterUomSelector", { dependsOn: "itemId" }),
    sub("lot", "text", { dependsOn: "uom" }),
    sub("checked", "checkbox", { dependsOn: "itemId" }),
    sub("qty", "number"),
  ];
  const filled = {
    itemId: "ITM-1",
    uom: "CS",
    lot: "L7",
    checked: true,
    qty: "4",
    __metadata: { itemId: { value: "ITM-1", label: "Tent" }, uom: { value: "CS", label: "Case" } },
  };

  it("tells an item's own fields from paths into the form", () => {
    expect(isItemDependency(fields, "itemId")).toBe(true);
    expect(isItemDependency(fields, "customerId")).toBe(false);
    expect(isItemDependency(fields, "taskCmd.customerId")).toBe(false);
  });

  it("sets the value and its pick, clearing the sub-fields that depend on it, and theirs, with their metadata", () => {
    const edited = setItemValue(fields, filled, "itemId", "ITM-2", { value: "ITM-2", label: "Stove", data: { sku: "S" } });
    expect(edited).toEqual({
      itemId: "ITM-2",
      uom: "",
      lot: "",
      checked: false,
      qty: "4",
      __metadata: { itemId: { value: "ITM-2", label: "Stove", data: { sku: "S" } } },
    });
  });

  it("leaves the others alone when nothing depends on the field edited", () => {
    expect(setItemValue(fields, filled, "qty", "5")).toEqual({ ...filled, qty: "5" });
  });

  it("drops a pick when the selector is emptied", () => {
    expect(setItemValue(fields, filled, "uom", "", undefined)).toEqual({ ...filled, uom: "", lot: "", __metadata: { itemId: filled.__metadata.itemId } });
  });

  it("keeps the field edited when dependencies run in a circle", () => {
    const circle = [sub("a", "text", { dependsOn: "b" }), sub("b", "text", { dependsOn: "a" })];
    expect(setItemValue(circle, { a: "1", b: "2", __metadata: {} }, "a", "3")).toEqual({ a: "3", b: "", __metadata: {} });
    expect(clearInItem(circle, { a: "1", b: "2", __metadata: {} }, ["a"])).toEqual({ a: "", b: "", __metadata: {} });
  });

  it("clears the same sub-fields in every item", () => {
    const cleared = clearInItems(fields, [filled, { ...filled, qty: "9" }], ["itemId"]);
    expect(cleared).toEqual([
      { itemId: "", uom: "", lot: "", checked: false, qty: "4", __metadata: {} },
      { itemId: "", uom: "", lot: "", checked: false, qty: "9", __metadata: {} },
    ]);
  });
});
