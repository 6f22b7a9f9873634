import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import i18n from "../i18n";
import { useAuthStore } from "../auth/store";

beforeEach(async () => {
  localStorage.clear();
  useAuthStore.getState().clear();
  await i18n.changeLanguage("en");
});

afterEach(() => {
  cleanup();
});
