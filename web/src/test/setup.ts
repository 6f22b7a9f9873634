import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import i18n from "../i18n";
import { useSessionEndNotice } from "../auth/sessionEnd";
import { useAuthStore } from "../auth/store";
import { DEFAULT_MODEL_OPTIONS } from "../chat/models";
import { usePreferences } from "../chat/preferences";
import { FakeWebSocket } from "./fakeWebSocket";

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  useAuthStore.getState().clear();
  useSessionEndNotice.getState().clear();
  await i18n.changeLanguage("en");
});

afterEach(() => {
  cleanup();
});

// jsdom lacks these browser APIs; the chat page uses them (layout, virtualised list).
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    media: query,
    // Tests see a desktop-sized window.
    matches: /min-width/.test(query),
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
}

// No test reaches a real server: sockets the app opens are fakes the tests can drive.
Object.assign(globalThis, { WebSocket: FakeWebSocket });
beforeEach(() => FakeWebSocket.reset());

if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

beforeEach(() => {
  // Preferences live in a module-level store; each test starts from the defaults.
  usePreferences.setState({ modelOptions: DEFAULT_MODEL_OPTIONS, sidebarOpen: true });
});
