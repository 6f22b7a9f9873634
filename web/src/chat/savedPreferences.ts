import { isRecord } from "../lib/values";

/** Where `preferences.ts` keeps the chat's preferences: zustand's persisted `{ state, version }`. */
export const PREFERENCES_KEY = "waybill.preferences";

/**
 * Whether the user keeps the chat's sidebar open, read from storage as the chat saved it:
 * for the frame shown while the chat's code loads, before its preferences store is there.
 */
export function savedSidebarOpen(storage: Storage = localStorage): boolean {
  try {
    const saved: unknown = JSON.parse(storage.getItem(PREFERENCES_KEY) ?? "null");
    return !(isRecord(saved) && isRecord(saved.state) && saved.state.sidebarOpen === false);
  } catch {
    return true;
  }
}
