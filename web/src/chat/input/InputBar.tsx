import { type ClipboardEvent, type FormEvent, type KeyboardEvent, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { HeadsetIcon, MicIcon, PaperclipIcon, SendIcon, SparklesIcon, Spinner, StopIcon } from "../../components/icons";
import type { LiveAgentState } from "../../liveAgent/state";
import { aiSwitchBlocked } from "../../liveAgent/useLiveAgent";
import type { AttachSource } from "../attachments";
import { AttachmentList } from "./AttachmentList";
import type { Attachment } from "./useAttachments";

/** Spec 002 §9. */
export const TEXTBOX_MAX_HEIGHT_PX = 200;

type Props = {
  running: boolean;
  /** Attachments are uploading: the message is on its way. */
  sending: boolean;
  attachments: Attachment[];
  onAddFiles: (files: File[], source: AttachSource) => void;
  onRemoveFile: (id: string) => void;
  onRemoveAllFiles: () => void;
  /** Called with the text when sending is allowed; the bar empties itself. */
  onSend: (text: string) => void;
  onStop: () => void;
  /** The AI / live agent switch and what live-agent mode changes; without it the switch is inert. */
  liveAgent?: LiveAgentControls;
};

/** The live agent as the input bar sees it (spec 002 §2, §4). */
export type LiveAgentControls = {
  state: LiveAgentState;
  /** The chat talks to the live agent (connecting, queued, connected, or coming back). */
  live: boolean;
  onSelectAi: () => void;
  onSelectLiveAgent: () => void;
};

/** Sending needs non-blank text or a file, and no response running (spec 000 §5). */
export function canSend(text: string, fileCount: number, running: boolean): boolean {
  return !running && (text.trim().length > 0 || fileCount > 0);
}

const iconBase = "grid size-9 place-items-center rounded-lg text-slate-500 transition";
const iconButton = `${iconBase} hover:bg-slate-100 hover:text-slate-800 disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent`;

/**
 * Controls whose feature has not landed yet. `aria-disabled` rather than `disabled`: they
 * stay in the tab order, so a keyboard or screen-reader user also learns they exist and
 * are not available yet (a disabled button is skipped and its hover title never read).
 */
const unavailable = "cursor-not-allowed opacity-45";

const switchButton = "inline-flex items-center gap-1 rounded-md px-2 py-1 whitespace-nowrap disabled:cursor-not-allowed disabled:opacity-60";

/**
 * The input bar (spec 000 §2): a growing text box (Enter sends, Shift+Enter breaks the
 * line), attach, voice, send or stop, and the AI / live agent switch.
 */
export function InputBar({ running, sending, attachments, onAddFiles, onRemoveFile, onRemoveAllFiles, onSend, onStop, liveAgent }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const textRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const unavailableId = `${hintId}-unavailable`;
  const live = liveAgent?.live ?? false;
  const status = liveAgent?.state.status ?? "idle";
  const queued = live && status === "queued";
  // To the live agent only once connected (spec 002 §5), and images only.
  const liveReady = !live || status === "connected";
  const sendable = liveReady && canSend(text, attachments.length, running || sending);
  const placeholder = !live ? t("input.placeholder") : queued ? t("liveAgent.placeholderQueued") : t("liveAgent.placeholder");
  // During an AI response neither switch moves; while connecting or queued the way out is the connect button.
  const aiBlocked = running || (live && aiSwitchBlocked(status));
  const liveBlocked = running;

  useLayoutEffect(() => {
    const el = textRef.current;
    if (!el) return;
    el.style.height = "auto";
    el.style.height = `${Math.min(el.scrollHeight, TEXTBOX_MAX_HEIGHT_PX)}px`;
    el.style.overflowY = el.scrollHeight > TEXTBOX_MAX_HEIGHT_PX ? "auto" : "hidden";
  }, [text]);

  const submit = () => {
    if (!sendable) return;
    onSend(text);
    setText("");
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method composes (Japanese, Chinese), Enter confirms the composition.
    if (e.key !== "Enter" || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    submit();
  };

  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(e.clipboardData.files);
    if (files.length === 0) return;
    e.preventDefault();
    onAddFiles(files, "paste");
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    submit();
  };

  return (
    <form onSubmit={onSubmit} className="mx-auto w-full max-w-3xl px-3 pb-3 sm:px-6 sm:pb-5" data-testid="input-bar">
      <div className="rounded-2xl border border-slate-300 bg-white shadow-sm focus-within:border-teal-500 focus-within:ring-2 focus-within:ring-teal-500/20">
        <AttachmentList attachments={attachments} onRemove={onRemoveFile} onRemoveAll={onRemoveAllFiles} />
        <label className="sr-only" htmlFor={`${hintId}-text`}>
          {t("input.label")}
        </label>
        <textarea
          id={`${hintId}-text`}
          ref={textRef}
          rows={1}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          placeholder={placeholder}
          disabled={queued}
          aria-describedby={hintId}
          autoFocus
          className="block max-h-[200px] w-full resize-none bg-transparent px-4 pt-3 pb-1 text-[15px] leading-6 text-slate-900 placeholder:text-slate-400 focus:outline-none"
        />
        <div className="@container flex items-center gap-1 px-2 pb-2">
          <input
            ref={fileRef}
            type="file"
            multiple
            hidden
            accept={live ? "image/*" : undefined}
            data-testid="file-input"
            onChange={(e) => {
              onAddFiles(Array.from(e.target.files ?? []), "pick");
              e.target.value = "";
            }}
          />
          <button
            type="button"
            className={iconButton}
            onClick={() => fileRef.current?.click()}
            disabled={!liveReady}
            aria-label={live ? t("liveAgent.attachImages") : t("input.attach")}
            title={live ? t("liveAgent.attachImages") : t("input.attach")}
          >
            <PaperclipIcon className="size-5" />
          </button>
          <span id={unavailableId} hidden>
            {t("input.notAvailable")}
          </span>
          {live ? (
            <button type="button" className={iconButton} disabled aria-label={t("input.voice")} title={t("liveAgent.voiceOff")}>
              <MicIcon className="size-5" />
            </button>
          ) : (
            <button
              type="button"
              className={`${iconBase} ${unavailable}`}
              aria-disabled="true"
              aria-describedby={unavailableId}
              aria-label={t("input.voice")}
              title={t("input.voiceSoon")}
            >
              <MicIcon className="size-5" />
            </button>
          )}
          {/* By the bar's own width, not the window's: beside an open panel the bar is narrow on a wide screen. */}
          <div role="group" aria-label={t("input.mode")} className="ml-1 hidden shrink-0 items-center rounded-lg bg-slate-100 p-0.5 text-xs font-medium @sm:flex">
            <button
              type="button"
              aria-pressed={!live}
              disabled={!liveAgent || aiBlocked}
              title={live && aiBlocked && !running ? t("liveAgent.switchBlocked") : running ? t("liveAgent.aiBusy") : undefined}
              onClick={() => live && liveAgent?.onSelectAi()}
              className={`${switchButton} ${live ? "text-slate-500" : "bg-white text-slate-800 shadow-xs"}`}
            >
              <SparklesIcon className={`size-3.5 ${live ? "" : "text-teal-600"}`} />
              {t("input.modeAi")}
            </button>
            <button
              type="button"
              aria-pressed={live}
              disabled={!liveAgent || liveBlocked}
              title={running ? t("liveAgent.aiBusy") : undefined}
              onClick={() => !live && liveAgent?.onSelectLiveAgent()}
              className={`${switchButton} ${live ? "bg-white text-slate-800 shadow-xs" : "text-slate-500"}`}
            >
              <HeadsetIcon className={`size-3.5 ${live ? "text-teal-600" : ""}`} />
              {t("input.modeLiveAgent")}
            </button>
          </div>
          {/*
            Fills the row, so the send button stays at the end. The hint shows whole or not at
            all: one that does not fit beside the empty first item wraps onto a second line,
            which this one-line box clips away (a cut "Umschalt+Eingabe für…" helps no one).
          */}
          <span id={hintId} className="flex h-4 min-w-0 flex-1 flex-wrap justify-end overflow-hidden px-2 text-xs leading-4 text-slate-400" data-testid="input-hint">
            <span aria-hidden="true" className="h-4 w-0" />
            <span className="hidden whitespace-nowrap @lg:block">{sending ? t("input.uploading") : t("input.hint")}</span>
          </span>
          {running ? (
            <button
              key="stop"
              type="button"
              onClick={onStop}
              aria-label={t("input.stop")}
              title={t("input.stopHint")}
              className="ml-auto grid size-9 shrink-0 place-items-center rounded-full bg-navy-900 text-white hover:bg-navy-800 xl:ml-0"
            >
              <StopIcon className="size-4" />
            </button>
          ) : (
            <button
              key="send"
              type="submit"
              disabled={!sendable}
              aria-label={t("input.send")}
              className="ml-auto grid size-9 shrink-0 place-items-center rounded-full bg-teal-500 text-navy-950 transition hover:bg-teal-400 disabled:bg-slate-200 disabled:text-slate-400 xl:ml-0"
            >
              {sending ? <Spinner className="size-4" /> : <SendIcon className="size-4" />}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
