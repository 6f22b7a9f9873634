import { describe, expect, it } from "vitest";
import i18n, { chooseLanguage } from "../i18n";
import type { FormField } from "../generated/tools/forms/FormField";
import { type Problem, fieldProblem, problemText, validate } from "./validation";
import type { FormValues } from "./values";

const f = (name: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({ name, label: name.charAt(0).toUpperCase() + name.slice(1), type, required: true, ...extra });

/** The messages of a form's problems, in English. */
function messages(fields: FormField[], values: FormValues): Record<string, string> {
  return Object.fromEntries(Object.entries(validate(fields, values)).map(([path, problem]) => [path, problemText(problem, i18n.t)]));
}

describe("the form's rules (spec 001 §5), in the spec's words", () => {
  it("'{label} is required' for an empty or blank selector, select, date, datetime, time (and radio, file, blank text)", () => {
    const types = ["customerSelector", "select", "date", "datetime", "time", "radio", "file", "text", "textarea", "accessorialMultipleSelector"] as const;
    const fields = types.map((type) => f(type, type));
    expect(messages(fields, { customerSelector: "", select: "  ", date: undefined, datetime: "", time: " ", radio: "", file: "", text: "   ", accessorialMultipleSelector: [] })).toEqual(
      Object.fromEntries(types.map((type) => [type, `${type.charAt(0).toUpperCase()}${type.slice(1)} is required`])),
    );
    expect(messages(fields, { customerSelector: "C1", select: "a", date: "2026-12-01", datetime: "2026-12-01 08:00:00", time: "08:00:00", radio: "x", file: "/f", text: "t", textarea: "t", accessorialMultipleSelector: ["l"] })).toEqual({});
  });

  it("a multi-user selector: '{label} is required' without a value, 'Please select at least one {label}' with an empty list", () => {
    const fields = [f("watcher", "multipleUserSelector")];
    expect(messages(fields, {})).toEqual({ watcher: "Watcher is required" });
    expect(messages(fields, { watcher: [] })).toEqual({ watcher: "Please select at least one Watcher" });
    expect(messages(fields, { watcher: ["u1"] })).toEqual({});
  });

  it("a checkbox must be checked; a checkbox group needs one", () => {
    const fields = [f("terms", "checkbox"), f("extra", "checkboxGroup")];
    expect(messages(fields, { terms: false, extra: [] })).toEqual({ terms: "Terms must be checked", extra: "Please select at least one Extra" });
    expect(messages(fields, { terms: true, extra: ["a"] })).toEqual({});
  });

  it("an address needs name, street, city, state and zip", () => {
    const fields = [f("shipTo", "address", { label: "Ship to" })];
    expect(messages(fields, {})).toEqual({ shipTo: "Ship to is required" });
    expect(messages(fields, { shipTo: { name: "DC", street: " ", street2: "", city: "Reno", state: "", zip: "", phone: "" } })).toEqual({
      shipTo: "Please complete all required fields in Ship to: Street, State, Zip",
    });
    expect(messages(fields, { shipTo: { name: "DC", street: "1 Rd", city: "Reno", state: "NV", zip: "89501" } })).toEqual({});
  });

  it("an array needs an item, and each item its required fields", () => {
    const lines = f("lines", "array", {
      arrayItemFields: [
        { name: "sku", label: "SKU", type: "itemmasterSelector", required: true },
        { name: "qty", label: "Quantity", type: "number", required: true },
        { name: "note", label: "Note", type: "text" },
        { name: "ok", label: "Checked", type: "checkbox", required: true },
      ],
    });
    // No word for one item: a wording that needs no noun's number, not 'at least one Lines'.
    expect(messages([lines], { lines: [] })).toEqual({ lines: "Add at least one: Lines" });
    expect(messages([{ ...lines, itemLabel: "line" }], { lines: [] })).toEqual({ lines: "Please add at least one line" });
    expect(
      messages([lines], {
        lines: [
          { sku: "S1", qty: "2", note: "", ok: true },
          { sku: "", qty: "", note: "", ok: false },
        ],
      }),
    ).toEqual({
      "lines.1.sku": "Please enter SKU for Lines #2",
      "lines.1.qty": "Please enter Quantity for Lines #2",
      "lines.1.ok": "Please enter Checked for Lines #2",
    });
    // An optional array may be empty, but its items' required fields are still asked for.
    expect(messages([{ ...lines, required: false }], { lines: [] })).toEqual({});
    expect(messages([{ ...lines, required: false }], { lines: [{ sku: "", qty: "1", ok: true }] })).toEqual({ "lines.0.sku": "Please enter SKU for Lines #1" });
  });

  it("asks nothing of optional, read-only or switch fields", () => {
    expect(fieldProblem({ name: "a", label: "A", type: "select" }, "")).toBeNull();
    expect(fieldProblem({ name: "s", label: "S", type: "switch", required: true }, false)).toBeNull();
    expect(validate([f("site", "text", { readonly: true })], { site: "" })).toEqual({});
  });

  it("lists the problems in the order of the fields", () => {
    expect(Object.keys(validate([f("b", "select"), f("a", "select"), f("c", "date")], {}))).toEqual(["b", "a", "c"]);
  });

  it("reads in other languages", async () => {
    const problem: Problem = { rule: "addressIncomplete", label: "Lieferadresse", missing: ["street", "zip"] };
    await chooseLanguage("de");
    expect(problemText(problem, i18n.t)).toBe("Bitte alle Pflichtfelder in Lieferadresse ausfüllen: Straße, PLZ");
    await chooseLanguage("zh-CN");
    expect(problemText({ rule: "required", label: "客户" }, i18n.t)).toBe("客户为必填项");
    expect(problemText({ ...problem, label: "收货地址" }, i18n.t)).toBe("请填写收货地址中的所有必填项：街道地址、邮政编码");
  });
});
