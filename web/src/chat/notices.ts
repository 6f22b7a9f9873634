import { create } from "zustand";

/** A short message at the corner of the page: errors and warnings that need no answer. */
export type Notice = { id: number; tone: "error" | "warning"; text: string };

type Notices = {
  notices: Notice[];
  notify: (tone: Notice["tone"], text: string) => void;
  dismiss: (id: number) => void;
};

/** How long a notice stays. */
export const NOTICE_MS = 6000;

let nextId = 0;

export const useNotices = create<Notices>()((set) => ({
  notices: [],
  notify: (tone, text) => set((s) => ({ notices: [...s.notices.filter((n) => n.text !== text), { id: ++nextId, tone, text }] })),
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));

export const notify = (tone: Notice["tone"], text: string) => useNotices.getState().notify(tone, text);
