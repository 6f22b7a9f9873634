import { create } from "zustand";
import { isRecord } from "../lib/values";

/** The kinds of artifact the side panel can show (spec 000 §2 "Artifacts side panel"). */
export const ARTIFACT_TYPES = [
  "iframe",
  "sandbox",
  "browser-automation",
  "workspace",
  "file-display",
  "image",
  "camera-streams",
  "camera-search",
] as const;

export type ArtifactType = (typeof ARTIFACT_TYPES)[number];

export function isArtifactType(type: string): type is ArtifactType {
  return (ARTIFACT_TYPES as readonly string[]).includes(type);
}

/**
 * One thing shown in the side panel (spec 000 §3). `type` is a string, not `ArtifactType`:
 * a tool may name a type this build does not know, and the panel says so.
 */
export type Artifact = {
  id: string;
  type: string;
  title: string;
  props: Record<string, unknown>;
  wideLayout?: boolean;
};

export type PanelMode = "tabbed" | "stacked";

/** What the panel shows for one chat. */
type PanelState = {
  /** Artifacts carried by each message's tool results, by message id. */
  registered: Record<string, Artifact[]>;
  /** The artifacts open in the panel, in the order they were opened. */
  open: Artifact[];
  activeId: string | null;
  mode: PanelMode;
};

type ArtifactsState = PanelState & {
  /** The chat the panel belongs to. */
  chatId: string | null;
  /** The panels of the other chats visited, restored when the user comes back to one. */
  saved: Record<string, PanelState>;
  /** The panel's width in percent of the page once the user has dragged the divider. */
  widthPercent: number | null;

  /** Remembers an artifact for the message whose tool result carried it. */
  registerArtifact: (messageId: string, artifact: Artifact) => void;
  /** Registers the artifact, opens it and makes it the active one. */
  openArtifact: (messageId: string, artifact: Artifact) => void;
  closeArtifact: (id: string) => void;
  setActive: (id: string) => void;
  setMode: (mode: PanelMode) => void;
  setWidthPercent: (percent: number) => void;
  /** Shows another chat's panel: empty for a chat not seen yet, else as it was left. */
  switchChat: (chatId: string) => void;
};

const emptyPanel = (): PanelState => ({ registered: {}, open: [], activeId: null, mode: "tabbed" });

const upsert = (list: readonly Artifact[], artifact: Artifact): Artifact[] => {
  const at = list.findIndex((a) => a.id === artifact.id);
  if (at === -1) return [...list, artifact];
  const next = list.slice();
  next[at] = artifact;
  return next;
};

const sameArtifact = (a: Artifact, b: Artifact) =>
  a.type === b.type && a.title === b.title && a.wideLayout === b.wideLayout && JSON.stringify(a.props) === JSON.stringify(b.props);

export const useArtifacts = create<ArtifactsState>()((set) => ({
  chatId: null,
  saved: {},
  widthPercent: null,
  ...emptyPanel(),

  registerArtifact: (messageId, artifact) =>
    set((s) => {
      const current = s.registered[messageId] ?? [];
      const known = current.find((a) => a.id === artifact.id);
      if (known && sameArtifact(known, artifact)) return s;
      return { registered: { ...s.registered, [messageId]: upsert(current, artifact) } };
    }),

  openArtifact: (messageId, artifact) =>
    set((s) => ({
      registered: { ...s.registered, [messageId]: upsert(s.registered[messageId] ?? [], artifact) },
      open: upsert(s.open, artifact),
      activeId: artifact.id,
    })),

  closeArtifact: (id) =>
    set((s) => {
      const at = s.open.findIndex((a) => a.id === id);
      if (at === -1) return s;
      const open = s.open.filter((a) => a.id !== id);
      const activeId = s.activeId === id ? (open[Math.min(at, open.length - 1)]?.id ?? null) : s.activeId;
      return { open, activeId, mode: open.length > 1 ? s.mode : "tabbed" };
    }),

  setActive: (id) => set((s) => (s.open.some((a) => a.id === id) ? { activeId: id } : s)),
  setMode: (mode) => set({ mode }),
  setWidthPercent: (percent) => set({ widthPercent: percent }),

  switchChat: (chatId) =>
    set((s) => {
      if (s.chatId === chatId) return s;
      const saved = { ...s.saved };
      if (s.chatId !== null) saved[s.chatId] = { registered: s.registered, open: s.open, activeId: s.activeId, mode: s.mode };
      const restored = saved[chatId] ?? emptyPanel();
      delete saved[chatId];
      return { chatId, saved, ...restored };
    }),
}));

export const openArtifact = (messageId: string, artifact: Artifact) => useArtifacts.getState().openArtifact(messageId, artifact);
export const closeArtifact = (id: string) => useArtifacts.getState().closeArtifact(id);
export const registerArtifact = (messageId: string, artifact: Artifact) => useArtifacts.getState().registerArtifact(messageId, artifact);

/** Reads an artifact from a tool result (its `artifact` field), if it carries a valid one. */
export function artifactOf(output: unknown): Artifact | null {
  if (!isRecord(output) || !isRecord(output.artifact)) return null;
  const { id, type, title, props, wideLayout } = output.artifact;
  if (typeof id !== "string" || typeof type !== "string") return null;
  return {
    id,
    type,
    title: typeof title === "string" ? title : type,
    props: isRecord(props) ? props : {},
    ...(typeof wideLayout === "boolean" ? { wideLayout } : {}),
  };
}
