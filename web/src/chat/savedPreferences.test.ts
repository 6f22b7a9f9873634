import { beforeEach, describe, expect, it } from "vitest";
import { usePreferences } from "./preferences";
import { PREFERENCES_KEY, savedSidebarOpen } from "./savedPreferences";

describe("savedSidebarOpen", () => {
  beforeEach(() => localStorage.clear());

  it("reads the sidebar as the chat's preferences saved it", () => {
    usePreferences.getState().setSidebarOpen(false);
    expect(savedSidebarOpen()).toBe(false);
    usePreferences.getState().setSidebarOpen(true);
    expect(savedSidebarOpen()).toBe(true);
  });

  it("is open when nothing, or nothing readable, was saved", () => {
    expect(savedSidebarOpen()).toBe(true);
    localStorage.setItem(PREFERENCES_KEY, "{not json");
    expect(savedSidebarOpen()).toBe(true);
  });
});
