import { create } from "zustand";
import { createJSONStorage, persist } from "zustand/middleware";
import { DEFAULT_MODEL_OPTIONS, type ModelOptions } from "./models";
import { PREFERENCES_KEY } from "./savedPreferences";

/** Choices that outlive a chat: the model options and whether the sidebar is open. */
type Preferences = {
  modelOptions: ModelOptions;
  sidebarOpen: boolean;
  setModelOption: <K extends keyof ModelOptions>(key: K, value: ModelOptions[K]) => void;
  setSidebarOpen: (open: boolean) => void;
};

export const usePreferences = create<Preferences>()(
  persist(
    (set) => ({
      modelOptions: DEFAULT_MODEL_OPTIONS,
      sidebarOpen: true,
      setModelOption: (key, value) => set((s) => ({ modelOptions: { ...s.modelOptions, [key]: value } })),
      setSidebarOpen: (sidebarOpen) => set({ sidebarOpen }),
    }),
    {
      name: PREFERENCES_KEY,
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ modelOptions, sidebarOpen }) => ({ modelOptions, sidebarOpen }),
      merge: (persisted, current) => {
        const saved = (persisted ?? {}) as Partial<Pick<Preferences, "modelOptions" | "sidebarOpen">>;
        return {
          ...current,
          sidebarOpen: saved.sidebarOpen ?? current.sidebarOpen,
          modelOptions: { ...DEFAULT_MODEL_OPTIONS, ...saved.modelOptions },
        };
      },
    },
  ),
);
