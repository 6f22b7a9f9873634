import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FormField } from "../generated/tools/forms/FormField";
import type { ItemField } from "../generated/tools/forms/ItemField";
import { chooseLanguage } from "../i18n";
import { json, mockFetch } from "../test/fetchMock";
import { DynamicForm, type DynamicFormProps } from "./DynamicForm";
import { FIELD_TYPES, type FormResult } from "./values";

// The selector's own tests are beside it; here a stand-in lists each kind's options as buttons.
vi.mock("./selectors/Selector", () => import("./fakeSelector"));

afterEach(() => {
  vi.unstubAllGlobals();
});

const f = (name: string, type: FormField["type"], extra: Partial<FormField> = {}): FormField => ({ name, label: name, type, ...extra });
const sub = (name: string, type: ItemField["type"], extra: Partial<ItemField> = {}): ItemField => ({ name, label: name, type, ...extra });

function renderForm(fields: FormField[], props: Partial<DynamicFormProps> = {}) {
  const onSubmit = vi.fn<DynamicFormProps["onSubmit"]>(async () => undefined);
  const onCancel = vi.fn<NonNullable<DynamicFormProps["onCancel"]>>(async () => undefined);
  const view = render(<DynamicForm fields={fields} onSubmit={onSubmit} onCancel={onCancel} {...props} />);
  return { ...view, onSubmit, onCancel, user: userEvent.setup() };
}

const fieldOf = (path: string) => screen.getByTestId(`form-field-${path}`);
const errorOf = (path: string) => screen.queryByTestId(`form-error-${path}`);
const pick = (user: ReturnType<typeof userEvent.setup>, path: string, option: string) => user.click(within(fieldOf(path)).getByRole("button", { name: option }));
const submitted = (onSubmit: ReturnType<typeof renderForm>["onSubmit"]): FormResult => {
  expect(onSubmit).toHaveBeenCalled();
  return onSubmit.mock.calls.at(-1)![0];
};

const pad = (n: number) => String(n).padStart(2, "0");

describe("the dynamic form's fields", () => {
  it("renders every field type, each in its wrapper", () => {
    const fields = FIELD_TYPES.map((type) =>
      f(`f_${type}`, type, {
        label: `The ${type}`,
        ...(type === "select" || type === "radio" || type === "checkboxGroup" ? { options: [{ label: "Dock A", value: "a" }, { label: "Dock B", value: "b" }] } : {}),
        ...(type === "array" ? { arrayItemFields: [sub("sku", "text")] } : {}),
      }),
    );
    renderForm(fields);
    expect(screen.getByTestId("dynamic-form")).toBeInTheDocument();
    for (const type of FIELD_TYPES) expect(fieldOf(`f_${type}`), type).toBeInTheDocument();

    expect(screen.getByRole("textbox", { name: "The text" })).toHaveAttribute("type", "text");
    expect(screen.getByRole("textbox", { name: "The textarea" })).toHaveAttribute("rows", "4");
    expect(screen.getByRole("spinbutton", { name: "The number" })).toBeInTheDocument();
    expect(within(screen.getByRole("combobox", { name: "The select" })).getAllByRole("option").map((o) => o.textContent)).toEqual(["Select…", "Dock A", "Dock B"]);
    expect(screen.getByRole("checkbox", { name: "The checkbox" })).not.toBeChecked();
    expect(within(fieldOf("f_checkboxGroup")).getAllByRole("checkbox")).toHaveLength(2);
    expect(within(fieldOf("f_radio")).getAllByRole("radio")).toHaveLength(2);
    expect(screen.getByRole("group", { name: "The radio" })).toBe(fieldOf("f_radio"));
    expect(screen.getByRole("combobox", { name: "The date" })).toHaveAttribute("placeholder", "Select date...");
    expect(screen.getByRole("combobox", { name: "The datetime" })).toHaveAttribute("placeholder", "Select date and time...");
    expect(screen.getByRole("combobox", { name: "The time" })).toHaveAttribute("placeholder", "Select time...");
    expect(screen.getByLabelText("The file")).toHaveAttribute("type", "file");
    expect(screen.getByRole("switch", { name: "The switch" })).not.toBeChecked();
    expect(screen.getByTestId("array-add-f_array")).toHaveTextContent("Add item");
    for (const part of ["Name", "Street", "Street 2", "City", "Zip", "Phone"]) expect(within(fieldOf("f_address")).getByRole("textbox", { name: part })).toBeInTheDocument();
    expect(within(fieldOf("f_address")).getByRole("combobox", { name: "State" })).toBeInTheDocument();
    for (const type of FIELD_TYPES.filter((t) => t.endsWith("Selector"))) {
      expect(screen.getByRole("combobox", { name: `The ${type}` }).closest("[data-kind]"), type).toHaveAttribute("data-kind", type);
    }
    expect(screen.getByTestId("form-submit")).toHaveTextContent("Submit");
    expect(screen.getByTestId("form-cancel")).toHaveTextContent("Cancel");
  });

  it("marks required fields with an orange asterisk, and gives text, textarea and number the native required", () => {
    renderForm([
      f("notes", "text", { label: "Notes", required: true }),
      f("story", "textarea", { label: "Story", required: true }),
      f("qty", "number", { label: "Quantity", required: true }),
      f("door", "select", { label: "Door", required: true, options: [{ label: "1", value: "1" }] }),
      f("agree", "checkbox", { label: "Agree", required: true }),
      f("remarks", "text", { label: "Remarks" }),
    ]);
    for (const path of ["notes", "story", "qty", "door", "agree"]) {
      const mark = within(fieldOf(path)).getByTestId("required-mark");
      expect(mark).toHaveTextContent("*");
      expect(mark).toHaveClass("text-orange-500");
      expect(mark).toHaveAttribute("aria-hidden", "true");
    }
    expect(within(fieldOf("remarks")).queryByTestId("required-mark")).toBeNull();
    expect(screen.getByRole("textbox", { name: "Notes" })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Story" })).toBeRequired();
    expect(screen.getByRole("spinbutton", { name: "Quantity" })).toBeRequired();
    expect(screen.getByRole("textbox", { name: "Remarks" })).not.toBeRequired();
    // The form's own rules speak for these; a native check would speak first, in other words.
    expect(screen.getByRole("combobox", { name: "Door" })).not.toHaveAttribute("required");
    expect(screen.getByRole("checkbox", { name: "Agree" })).not.toHaveAttribute("required");
  });

  it("submits each type's value in its own shape", async () => {
    const { user, onSubmit } = renderForm([
      f("notes", "text"),
      f("story", "textarea"),
      f("qty", "number"),
      f("door", "select", { options: [{ label: "Door 1", value: "d1" }, { label: "Door 2", value: "d2" }] }),
      f("agree", "checkbox"),
      f("extras", "checkboxGroup", { options: [{ label: "Pallets", value: "pallets" }, { label: "Straps", value: "straps" }, { label: "Blankets", value: "blankets" }] }),
      f("speed", "radio", { options: [{ label: "Standard", value: "std" }, { label: "Express", value: "exp" }] }),
      f("hazmat", "switch"),
      f("day", "date"),
      f("pickup", "datetime"),
      f("cutoff", "time"),
      f("customerId", "customerSelector"),
      f("watchers", "multipleUserSelector"),
    ]);
    await user.type(screen.getByRole("textbox", { name: "notes" }), "Gate 4");
    await user.type(screen.getByRole("textbox", { name: "story" }), "Two lines{enter}of text");
    await user.type(screen.getByRole("spinbutton", { name: "qty" }), "12.5");
    await user.selectOptions(screen.getByRole("combobox", { name: "door" }), "d2");
    await user.click(screen.getByRole("checkbox", { name: "agree" }));
    await user.click(screen.getByRole("checkbox", { name: "Blankets" }));
    await user.click(screen.getByRole("checkbox", { name: "Pallets" }));
    await user.click(screen.getByRole("radio", { name: "Express" }));
    await user.click(screen.getByRole("switch", { name: "hazmat" }));

    await user.click(screen.getByRole("combobox", { name: "day" }));
    await user.click(screen.getByRole("button", { name: "Today" }));
    const today = new Date();
    await user.click(screen.getByRole("button", { name: "OK" }));
    await user.click(screen.getByRole("combobox", { name: "pickup" }));
    await user.click(screen.getByRole("button", { name: "Now" }));
    await user.click(screen.getByRole("button", { name: "OK" }));
    await user.click(screen.getByRole("combobox", { name: "cutoff" }));
    await user.click(screen.getByRole("button", { name: "Now" }));
    await user.click(screen.getByRole("button", { name: "OK" }));

    await pick(user, "customerId", "Pacific Outdoor Supply");
    await pick(user, "watchers", "Bo Chen");
    await pick(user, "watchers", "Ana Ruiz");
    await user.click(screen.getByTestId("form-submit"));

    const { values, labels } = submitted(onSubmit);
    expect(values).toMatchObject({
      notes: "Gate 4",
      story: "Two lines\nof text",
      qty: 12.5,
      door: "d2",
      agree: true,
      extras: ["pallets", "blankets"],
      speed: "exp",
      hazmat: true,
      day: `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
      customerId: "CUS-0001",
      watchers: ["u-bo", "u-ana"],
      taskCmd: { customerId: "CUS-0001" },
    });
    expect(values.pickup).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(values.cutoff).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(labels).toEqual({
      customerId: { value: "CUS-0001", label: "Pacific Outdoor Supply", data: { merchantNo: "M10001" } },
      watchers: [
        { value: "u-bo", label: "Bo Chen" },
        { value: "u-ana", label: "Ana Ruiz" },
      ],
    });
  });

  it("leaves unset dates out, sends an empty number as empty text and an unticked box as false", async () => {
    const { user, onSubmit } = renderForm([f("day", "date"), f("qty", "number"), f("agree", "checkbox"), f("extras", "checkboxGroup", { options: [{ label: "A", value: "a" }] })]);
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit)).toEqual({ values: { qty: "", agree: false, extras: [] }, labels: {} });
  });

  it("honours default values and read-only fields", async () => {
    const { user, onSubmit } = renderForm([
      f("site", "text", { defaultValue: "Ontario DC", readonly: true }),
      f("qty", "number", { defaultValue: 4 }),
      f("express", "switch", { defaultValue: true }),
      f("day", "date", { defaultValue: "2026-12-01" }),
      f("carrierId", "carrierSelector", { defaultValue: { value: "ups", label: "UPS" }, readonly: true }),
      f("door", "select", { defaultValue: "d2", options: [{ label: "Door 2", value: "d2" }] }),
    ]);
    const site = screen.getByRole("textbox", { name: "site" });
    expect(site).toHaveValue("Ontario DC");
    expect(site).toHaveAttribute("readonly");
    await user.type(site, "x");
    expect(site).toHaveValue("Ontario DC");
    expect(screen.getByRole("spinbutton", { name: "qty" })).toHaveValue(4);
    expect(screen.getByRole("switch", { name: "express" })).toBeChecked();
    expect(screen.getByRole("combobox", { name: "day" })).toHaveValue("Dec 01, 2026");
    expect(screen.getByRole("combobox", { name: "carrierId" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "carrierId" })).toHaveTextContent("UPS");
    expect(screen.getByRole("combobox", { name: "door" })).toHaveValue("d2");

    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit)).toEqual({
      values: { site: "Ontario DC", qty: 4, express: true, day: "2026-12-01", carrierId: "ups", door: "d2" },
      labels: { carrierId: { value: "ups", label: "UPS" } },
    });
  });

  it("shows descriptions and placeholders", () => {
    renderForm([f("po", "text", { label: "PO number", description: "As printed on the bill of lading", placeholder: "PO-…" })]);
    const input = screen.getByRole("textbox", { name: "PO number" });
    expect(input).toHaveAttribute("placeholder", "PO-…");
    expect(input).toHaveAccessibleDescription("As printed on the bill of lading");
  });
});

describe("submitting", () => {
  it("leaves an empty native-required field to the browser, which stops the submit", async () => {
    const { user, onSubmit } = renderForm([f("po", "text", { label: "PO number", required: true }), f("door", "select", { label: "Door", required: true, options: [{ label: "1", value: "1" }] })]);
    await user.click(screen.getByTestId("form-submit"));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "PO number" })).toBeInvalid();
    // The form's rules run only after the browser's check passed.
    expect(errorOf("door")).toBeNull();
  });

  it("shows each rule's message under its field, focuses the first, and clears a message once its field has a value", async () => {
    const options = [{ label: "One", value: "1" }, { label: "Two", value: "2" }];
    const { user, onSubmit } = renderForm([
      f("door", "select", { label: "Door", required: true, options }),
      f("day", "date", { label: "Delivery date", required: true }),
      f("pickup", "datetime", { label: "Pickup", required: true }),
      f("cutoff", "time", { label: "Cutoff", required: true }),
      f("customerId", "customerSelector", { label: "Customer", required: true }),
      f("agree", "checkbox", { label: "Terms", required: true }),
      f("extras", "checkboxGroup", { label: "Extra", required: true, options }),
      f("watchers", "multipleUserSelector", { label: "Watcher", required: true }),
      f("speed", "radio", { label: "Speed", required: true, options }),
      f("express", "switch", { label: "Express", required: true }),
      f("notes", "text", { label: "Notes" }),
    ]);
    await user.click(screen.getByTestId("form-submit"));
    expect(onSubmit).not.toHaveBeenCalled();
    const messages = {
      door: "Door is required",
      day: "Delivery date is required",
      pickup: "Pickup is required",
      cutoff: "Cutoff is required",
      customerId: "Customer is required",
      agree: "Terms must be checked",
      extras: "Please select at least one Extra",
      watchers: "Please select at least one Watcher",
      speed: "Speed is required",
    };
    for (const [path, message] of Object.entries(messages)) {
      const error = errorOf(path);
      expect(error, path).toHaveTextContent(message);
      expect(error).toHaveAttribute("role", "alert");
    }
    expect(errorOf("express"), "off is an answer").toBeNull();
    expect(errorOf("notes")).toBeNull();

    const door = screen.getByRole("combobox", { name: "Door" });
    expect(door).toHaveFocus();
    expect(door).toHaveAttribute("aria-invalid", "true");
    expect(door).toHaveAccessibleDescription("Door is required");
    expect(screen.getByRole("combobox", { name: "Customer" })).toHaveAccessibleDescription("Customer is required");

    await user.selectOptions(door, "2");
    expect(errorOf("door")).toBeNull();
    expect(door).not.toHaveAttribute("aria-invalid");
    await pick(user, "customerId", "Harbor Goods");
    expect(errorOf("customerId")).toBeNull();
    await user.click(screen.getByRole("checkbox", { name: "Terms" }));
    expect(errorOf("agree")).toBeNull();
    await user.click(within(fieldOf("extras")).getByRole("checkbox", { name: "Two" }));
    expect(errorOf("extras")).toBeNull();
    await pick(user, "watchers", "Ana Ruiz");
    expect(errorOf("watchers")).toBeNull();
    // The others still show.
    expect(errorOf("day")).toHaveTextContent("Delivery date is required");
  });

  it("waits for the submit to settle, then takes answers again", async () => {
    let release!: () => void;
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const { user } = renderForm([f("notes", "text")], { onSubmit });
    await user.click(screen.getByTestId("form-submit"));
    expect(screen.getByTestId("form-submit")).toBeDisabled();
    expect(screen.getByTestId("form-submit")).toHaveTextContent("Submitting…");
    expect(screen.getByRole("textbox", { name: "notes" })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.getByTestId("form-submit")).toBeEnabled());
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it("cancels, and shows a failure it is given", async () => {
    const { user, onCancel, onSubmit } = renderForm([f("notes", "text")], { error: "Could not post" });
    expect(screen.getByTestId("form-failure")).toHaveTextContent("Could not post");
    await user.click(screen.getByTestId("form-cancel"));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("is read-only when disabled: every control off, no Submit or Cancel", () => {
    renderForm([f("notes", "text", { defaultValue: "Gate 4" }), f("customerId", "customerSelector"), f("items", "array", { arrayItemFields: [sub("sku", "text")], defaultValue: [{ sku: "A" }] })], {
      disabled: true,
    });
    expect(screen.getByRole("textbox", { name: "notes" })).toBeDisabled();
    expect(screen.getByRole("textbox", { name: "sku" })).toBeDisabled();
    expect(screen.getByRole("combobox", { name: "customerId" })).toBeDisabled();
    expect(screen.queryByTestId("form-submit")).toBeNull();
    expect(screen.queryByTestId("form-cancel")).toBeNull();
    expect(screen.queryByTestId("array-add-items")).toBeNull();
    expect(screen.queryByTestId("array-remove-items-0")).toBeNull();
  });
});

describe("dependencies", () => {
  it("resets a field when the one it depends on changes, with its label", async () => {
    const { user, onSubmit } = renderForm([
      f("carrierId", "carrierSelector", { label: "Carrier" }),
      f("serviceId", "deliveryServiceSelector", { label: "Delivery service", dependsOn: "carrierId" }),
    ]);
    const service = () => screen.getByRole("combobox", { name: "Delivery service" });
    expect(service()).toBeDisabled();
    expect(service()).toHaveTextContent("Choose Carrier first");

    await pick(user, "carrierId", "UPS");
    expect(screen.getByTestId(/^selector-.*serviceId$/)).toHaveAttribute("data-depends-on", "ups");
    await pick(user, "serviceId", "UPS Ground");
    expect(service()).toHaveTextContent("UPS Ground");

    await pick(user, "carrierId", "FedEx");
    expect(service()).toHaveTextContent("Select…");
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit)).toEqual({ values: { carrierId: "fedex", serviceId: "" }, labels: { carrierId: { value: "fedex", label: "FedEx" } } });
  });

  it("mirrors the customer into taskCmd.customerId, which dotted dependencies follow", async () => {
    const { user, onSubmit } = renderForm([
      f("customerId", "customerSelector", { label: "Customer" }),
      f("itemId", "itemmasterSelector", { label: "Item", dependsOn: "taskCmd.customerId" }),
      f("uom", "itemmasterUomSelector", { label: "Unit", dependsOn: "itemId" }),
    ]);
    expect(screen.getByRole("combobox", { name: "Item" })).toHaveTextContent("Choose Customer first");
    await pick(user, "customerId", "Pacific Outdoor Supply");
    expect(screen.getByTestId(/^selector-.*itemId$/)).toHaveAttribute("data-depends-on", "CUS-0001");
    await pick(user, "itemId", "PAC-1 · Tent");
    await pick(user, "uom", "Case");

    await pick(user, "customerId", "Harbor Goods");
    // The item depended on the customer, the unit on the item: both go.
    expect(screen.getByRole("combobox", { name: "Item" })).toHaveTextContent("Select…");
    expect(screen.getByRole("combobox", { name: "Unit" })).toHaveTextContent("Choose Item first");
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit)).toEqual({
      values: { customerId: "CUS-0002", itemId: "", uom: "", taskCmd: { customerId: "CUS-0002" } },
      labels: { customerId: { value: "CUS-0002", label: "Harbor Goods", data: { merchantNo: "M10002" } } },
    });
  });
});

describe("array fields", () => {
  const lines = f("lines", "array", {
    label: "Lines",
    itemLabel: "line",
    required: true,
    arrayItemFields: [
      sub("itemId", "itemmasterSelector", { label: "Item", required: true, dependsOn: "customerId" }),
      sub("uom", "itemmasterUomSelector", { label: "Unit", dependsOn: "itemId" }),
      sub("qty", "number", { label: "Quantity", required: true }),
      sub("fragile", "checkbox", { label: "Fragile" }),
      sub("extras", "checkboxGroup", { label: "Extras", options: [{ label: "Wrap", value: "wrap" }] }),
      sub("ready", "date", { label: "Ready" }),
      sub("at", "datetime", { label: "At" }),
      sub("by", "time", { label: "By" }),
      sub("owners", "multipleUserSelector", { label: "Owners" }),
      sub("note", "text", { label: "Note" }),
    ],
  });

  it("needs an item when required, and adds items with each type's default", async () => {
    const { user, onSubmit } = renderForm([f("customerId", "customerSelector", { label: "Customer" }), lines]);
    expect(within(fieldOf("lines")).getByText("Nothing added yet")).toBeInTheDocument();
    await user.click(screen.getByTestId("form-submit"));
    expect(errorOf("lines")).toHaveTextContent("Please add at least one line");
    expect(screen.getByTestId("array-add-lines")).toHaveFocus();

    await user.click(screen.getByTestId("array-add-lines"));
    expect(errorOf("lines")).toBeNull();
    await user.click(screen.getByTestId("array-add-lines"));
    expect(within(screen.getByTestId("array-item-lines-0")).getByText("Line #1")).toBeInTheDocument();
    expect(within(screen.getByTestId("array-item-lines-1")).getByText("Line #2")).toBeInTheDocument();
    expect(screen.getByTestId("array-add-lines")).toHaveTextContent("Add line");
    expect(screen.getByTestId("array-remove-lines-1")).toHaveAccessibleName("Remove Line #2");

    // A required number inside an item is the browser's to check first.
    await user.type(within(fieldOf("lines.0.qty")).getByRole("spinbutton"), "3");
    await user.type(within(fieldOf("lines.1.qty")).getByRole("spinbutton"), "4");
    await pick(user, "customerId", "Pacific Outdoor Supply");
    await user.click(screen.getByTestId("form-submit"));
    expect(errorOf("lines.0.itemId")).toHaveTextContent("Please enter Item for Lines #1");
    expect(errorOf("lines.1.itemId")).toHaveTextContent("Please enter Item for Lines #2");
    expect(onSubmit).not.toHaveBeenCalled();

    await pick(user, "lines.0.itemId", "PAC-1 · Tent");
    expect(errorOf("lines.0.itemId")).toBeNull();
    await pick(user, "lines.1.itemId", "PAC-2 · Stove");
    await user.click(screen.getByTestId("form-submit"));
    const { values } = submitted(onSubmit);
    expect(values.lines).toEqual([
      {
        itemId: "ITM-1",
        uom: "",
        qty: 3,
        fragile: false,
        extras: [],
        owners: [],
        note: "",
        __metadata: { itemId: { value: "ITM-1", label: "PAC-1 · Tent", data: { sku: "PAC-1" } } },
      },
      { itemId: "ITM-2", uom: "", qty: 4, fragile: false, extras: [], owners: [], note: "", __metadata: { itemId: { value: "ITM-2", label: "PAC-2 · Stove" } } },
    ]);
  });

  it("clears a sub-field and its metadata when the one it depends on changes, in that item only", async () => {
    const { user, onSubmit } = renderForm(
      [f("customerId", "customerSelector", { label: "Customer", defaultValue: { value: "CUS-0001", label: "Pacific Outdoor Supply" } }), { ...lines, required: false }],
      {},
    );
    await user.click(screen.getByTestId("array-add-lines"));
    await user.click(screen.getByTestId("array-add-lines"));
    for (const i of [0, 1]) {
      await pick(user, `lines.${i}.itemId`, "PAC-1 · Tent");
      await pick(user, `lines.${i}.uom`, "Case");
      await user.type(within(fieldOf(`lines.${i}.qty`)).getByRole("spinbutton"), "1");
    }
    await pick(user, "lines.0.itemId", "PAC-2 · Stove");
    expect(within(fieldOf("lines.0.uom")).getByRole("combobox")).toHaveTextContent("Select…");
    expect(within(fieldOf("lines.1.uom")).getByRole("combobox")).toHaveTextContent("Case");
    await user.click(screen.getByTestId("form-submit"));
    const [first, second] = submitted(onSubmit).values.lines as Record<string, unknown>[];
    expect(first).toMatchObject({ itemId: "ITM-2", uom: "", __metadata: { itemId: { value: "ITM-2", label: "PAC-2 · Stove" } } });
    expect(first!.__metadata).not.toHaveProperty("uom");
    expect(second).toMatchObject({ itemId: "ITM-1", uom: "CS", __metadata: { itemId: { value: "ITM-1" }, uom: { value: "CS", label: "Case" } } });
  });

  it("clears the sub-fields depending on a form value in every item when it changes", async () => {
    const { user, onSubmit } = renderForm([f("customerId", "customerSelector", { label: "Customer" }), { ...lines, required: false }]);
    await pick(user, "customerId", "Pacific Outdoor Supply");
    await user.click(screen.getByTestId("array-add-lines"));
    await user.click(screen.getByTestId("array-add-lines"));
    await pick(user, "lines.0.itemId", "PAC-1 · Tent");
    await pick(user, "lines.0.uom", "Each");
    await pick(user, "lines.1.itemId", "PAC-2 · Stove");
    await user.type(within(fieldOf("lines.1.note")).getByRole("textbox"), "keep me");
    for (const i of [0, 1]) await user.type(within(fieldOf(`lines.${i}.qty`)).getByRole("spinbutton"), "1");

    await pick(user, "customerId", "Harbor Goods");
    for (const i of [0, 1]) expect(within(fieldOf(`lines.${i}.itemId`)).getByRole("combobox")).toHaveTextContent("Select…");
    expect(within(fieldOf("lines.0.uom")).getByRole("combobox")).toHaveTextContent("Choose Item first");
    expect(within(fieldOf("lines.1.note")).getByRole("textbox")).toHaveValue("keep me");
    await user.click(screen.getByTestId("form-submit"));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(errorOf("lines.0.itemId")).toHaveTextContent("Please enter Item for Lines #1");
    expect(errorOf("lines.1.itemId")).toHaveTextContent("Please enter Item for Lines #2");
    await pick(user, "lines.0.itemId", "PAC-1 · Tent");
    await pick(user, "lines.1.itemId", "PAC-1 · Tent");
    // The items' problems were shown, and go once each item has its item again.
    expect(errorOf("lines.0.itemId")).toBeNull();
    await user.click(screen.getByTestId("form-submit"));
    const items = submitted(onSubmit).values.lines as Record<string, unknown>[];
    expect(items.map((item) => [item.itemId, item.uom, item.note, item.__metadata])).toEqual([
      ["ITM-1", "", "", { itemId: { value: "ITM-1", label: "PAC-1 · Tent", data: { sku: "PAC-1" } } }],
      ["ITM-1", "", "keep me", { itemId: { value: "ITM-1", label: "PAC-1 · Tent", data: { sku: "PAC-1" } } }],
    ]);
  });

  it("removes the item asked for, and the rest move up", async () => {
    const { user, onSubmit } = renderForm([f("stops", "array", { label: "Stops", arrayItemFields: [sub("city", "text", { label: "City" })] })]);
    for (const city of ["Reno", "Fresno", "Tulsa"]) {
      await user.click(screen.getByTestId("array-add-stops"));
      const index = screen.getAllByTestId(/^array-item-stops-/).length - 1;
      await user.type(within(fieldOf(`stops.${index}.city`)).getByRole("textbox"), city);
    }
    await user.click(screen.getByTestId("array-remove-stops-1"));
    expect(screen.getAllByTestId(/^array-item-stops-/)).toHaveLength(2);
    expect(within(screen.getByTestId("array-item-stops-1")).getByText("Item #2")).toBeInTheDocument();
    expect(within(fieldOf("stops.1.city")).getByRole("textbox")).toHaveValue("Tulsa");
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit).values.stops).toEqual([
      { city: "Reno", __metadata: {} },
      { city: "Tulsa", __metadata: {} },
    ]);
  });

  it("fills new items with their sub-fields' defaults", async () => {
    const { user, onSubmit } = renderForm([
      f("pallets", "array", { arrayItemFields: [sub("kind", "select", { defaultValue: "euro", options: [{ label: "Euro", value: "euro" }] }), sub("stack", "switch", { defaultValue: true })] }),
    ]);
    await user.click(screen.getByTestId("array-add-pallets"));
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit).values.pallets).toEqual([{ kind: "euro", stack: true, __metadata: {} }]);
  });
});

describe("address fields", () => {
  it("marks name, street, city, state and zip required, asks for what is missing, and submits the address", async () => {
    const { user, onSubmit } = renderForm([f("shipTo", "address", { label: "Ship to", required: true })]);
    const address = fieldOf("shipTo");
    const marked = ["name", "street", "street2", "city", "state", "zip", "phone"].filter((part) => within(fieldOf(`shipTo.${part}`)).queryByTestId("required-mark"));
    expect(marked).toEqual(["name", "street", "city", "state", "zip"]);

    await user.click(screen.getByTestId("form-submit"));
    expect(errorOf("shipTo")).toHaveTextContent("Ship to is required");

    await user.type(within(address).getByRole("textbox", { name: "Name" }), "Reno DC");
    await user.type(within(address).getByRole("textbox", { name: "City" }), "Reno");
    expect(errorOf("shipTo")).toHaveTextContent("Please complete all required fields in Ship to: Street, State, Zip");
    expect(within(address).getByRole("textbox", { name: "Street" })).toHaveAttribute("aria-invalid", "true");
    expect(within(address).getByRole("textbox", { name: "Name" })).not.toHaveAttribute("aria-invalid");

    await user.type(within(address).getByRole("textbox", { name: "Street" }), "1 Dock Rd");
    await pick(user, "shipTo.state", "California");
    await user.type(within(address).getByRole("textbox", { name: "Zip" }), "89501");
    expect(errorOf("shipTo")).toBeNull();
    expect(within(address).getByRole("combobox", { name: "State" })).toHaveTextContent("California");
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit)).toEqual({
      values: { shipTo: { name: "Reno DC", street: "1 Dock Rd", street2: "", city: "Reno", state: "CA", zip: "89501", phone: "" } },
      labels: {},
    });
  });

  it("asks for the parts of a required address typed in then emptied", async () => {
    const { user } = renderForm([f("shipTo", "address", { label: "Ship to", required: true })]);
    const name = within(fieldOf("shipTo")).getByRole("textbox", { name: "Name" });
    await user.type(name, "x");
    await user.clear(name);
    await user.click(screen.getByTestId("form-submit"));
    expect(errorOf("shipTo")).toHaveTextContent("Please complete all required fields in Ship to: Name, Street, City, State, Zip");
  });
});

describe("file fields", () => {
  const uploaded = (name: string) => json(200, { success: true, msg: "ok", data: { id: "f1", filename: name, size: 4, non_expire_view_url: `/api/file-app/v1/file/view/tok/${name}` } });

  it("uploads the picked file and holds its view link", async () => {
    const calls = mockFetch((call) => uploaded(new URL(call.path, "http://x").searchParams.get("filename")!));
    const { user, onSubmit } = renderForm([f("bol", "file", { label: "Bill of lading" })]);
    await user.upload(screen.getByLabelText("Bill of lading"), new File(["%PDF"], "bol 7.pdf", { type: "application/pdf" }));
    expect(await screen.findByTestId("file-uploaded")).toHaveTextContent("bol 7.pdf");
    expect(calls).toHaveLength(1);
    expect(calls[0]!.method).toBe("POST");
    expect(calls[0]!.path).toBe("/api/file-app/v1/file/upload?filename=bol%207.pdf");
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit).values.bol).toBe("/api/file-app/v1/file/view/tok/bol 7.pdf");

    await user.click(screen.getByRole("button", { name: "Remove file" }));
    expect(screen.queryByTestId("file-uploaded")).toBeNull();
  });

  it("says why an upload failed, and a required file is still asked for", async () => {
    mockFetch(() => json(200, { success: false, msg: "Quota exceeded" }));
    const { user, onSubmit } = renderForm([f("bol", "file", { label: "Bill of lading", required: true })]);
    await user.upload(screen.getByLabelText(/^Bill of lading/), new File(["x"], "bol.pdf"));
    expect(await within(fieldOf("bol")).findByRole("alert")).toHaveTextContent("Upload failed: Quota exceeded");
    await user.click(screen.getByTestId("form-submit"));
    expect(errorOf("bol")).toHaveTextContent("Bill of lading is required");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("says a refused upload's status once, in the reader's language", async () => {
    mockFetch(() => new Response("<html>bad gateway</html>", { status: 502 }));
    const { user } = renderForm([f("bol", "file", { label: "Bill of lading" })]);
    await user.upload(screen.getByLabelText("Bill of lading"), new File(["x"], "bol.pdf"));
    expect((await within(fieldOf("bol")).findByRole("alert")).textContent).toBe("Upload failed (status 502)");
    await chooseLanguage("de");
    expect((await within(fieldOf("bol")).findByRole("alert")).textContent).toBe("Hochladen fehlgeschlagen (Status 502)");
  });
});

describe("text the form did not write", () => {
  const hostile = '<img src=x onerror=alert(1)><script>alert("x")</script>';
  const long = "Consignee-reference-".repeat(30);
  const arabic = "عنوان التسليم";
  const hebrew = "כתובת למשלוח";

  it("shows labels, options and descriptions as inert text, in their own direction, wrapping", () => {
    renderForm([
      f("a", "text", { label: hostile, description: hostile }),
      f("b", "select", { label: long, options: [{ label: hostile, value: "x" }] }),
      f("c", "radio", { label: arabic, options: [{ label: hebrew, value: "h", description: long }] }),
      f("d", "checkboxGroup", { label: hebrew, options: [{ label: hostile, value: "x" }] }),
      f("e", "array", { label: arabic, itemLabel: hostile, arrayItemFields: [sub("s", "text", { label: hostile })], defaultValue: [{ s: hostile }] }),
    ]);
    const form = screen.getByTestId("dynamic-form");
    expect(form.querySelector("img, script")).toBeNull();
    expect(screen.getAllByText(hostile).length).toBeGreaterThanOrEqual(4);
    expect(within(fieldOf("a")).getByRole("textbox", { name: hostile })).toHaveAccessibleDescription(hostile);
    expect(within(fieldOf("e.0.s")).getByRole("textbox", { name: hostile })).toHaveValue(hostile);

    const longLabel = within(fieldOf("b")).getByText(long);
    expect(longLabel).toHaveClass("[overflow-wrap:anywhere]");
    expect(longLabel).toHaveClass("min-w-0");
    for (const text of [arabic, hebrew]) for (const node of screen.getAllByText(text)) expect(node.closest("[dir]")).toHaveAttribute("dir", "auto");
    expect(within(fieldOf("c")).getByRole("radio", { name: hebrew })).toHaveAccessibleDescription(long);
    expect(within(screen.getByTestId("array-item-e-0")).getByText(`${hostile} #1`)).toBeInTheDocument();
  });

  it("keeps typed values as they were typed", async () => {
    const { user, onSubmit } = renderForm([f("notes", "text")]);
    await user.type(screen.getByRole("textbox", { name: "notes" }), `${arabic} <b>bold</b>`);
    expect(screen.getByRole("textbox", { name: "notes" })).toHaveAttribute("dir", "auto");
    await user.click(screen.getByTestId("form-submit"));
    expect(submitted(onSubmit).values.notes).toBe(`${arabic} <b>bold</b>`);
  });
});
