import { describe, expect, it } from "vitest";
import type { FormField } from "../generated/tools/forms/FormField";
import { clearDraft, draftKey, restoredState, saveDraft } from "./drafts";
import { initialState } from "./values";

const fields: FormField[] = [
  { name: "customerId", label: "Customer", type: "customerSelector", required: true },
  { name: "quantity", label: "Quantity", type: "number" },
  { name: "expectedDate", label: "Expected date", type: "date" },
  { name: "notes", label: "Notes", type: "textarea" },
];

describe("form drafts", () => {
  it("keeps the values and picks per user, chat and call, and clears them", () => {
    const key = draftKey("dave@demo.test", "chat-1", "call-1");
    const state = initialState(fields);
    const filled = {
      values: { ...state.values, customerId: "CUS-0001", quantity: "1.", notes: "Seal 4471", taskCmd: { customerId: "CUS-0001" } },
      labels: { customerId: { value: "CUS-0001", label: "Pacific Outdoor Supply" } },
    };
    saveDraft(key, filled);
    const restored = restoredState(fields, key);
    expect(restored?.values).toMatchObject({ customerId: "CUS-0001", quantity: "1.", notes: "Seal 4471", expectedDate: undefined, taskCmd: { customerId: "CUS-0001" } });
    expect(restored?.labels).toEqual({ customerId: { value: "CUS-0001", label: "Pacific Outdoor Supply" } });

    expect(restoredState(fields, draftKey("erin@demo.test", "chat-1", "call-1")), "another user's").toBeNull();
    expect(restoredState(fields, draftKey("dave@demo.test", "chat-2", "call-1")), "another chat's").toBeNull();
    expect(restoredState(fields, draftKey("dave@demo.test", "chat-1", "call-2")), "another call's").toBeNull();

    clearDraft(key);
    expect(restoredState(fields, key)).toBeNull();
  });

  it("reads a damaged draft as none, and values that no longer fit as empty", () => {
    const key = draftKey("dave@demo.test", "chat-1", "call-1");
    localStorage.setItem(key, "{not json");
    expect(restoredState(fields, key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ values: "everything" }));
    expect(restoredState(fields, key)).toBeNull();
    localStorage.setItem(key, JSON.stringify({ values: { notes: 7, quantity: { x: 1 } }, labels: { customerId: "nope", notes: { value: "x", label: "x" } } }));
    const restored = restoredState(fields, key);
    expect(restored?.values).toMatchObject({ notes: "7", quantity: "" });
    expect(restored?.labels, "a pick only for a selector, and only a pick").toEqual({});
  });
});
