import { type Rect, type Virtualizer, observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, type UIEvent, useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, ArrowDownIcon, LogoMark, Spinner } from "../../components/icons";
import type { UserInfo } from "../../generated/UserInfo";
import { useLatest } from "../../lib/useLatest";
import { useAutoScroll } from "../hooks/useAutoScroll";
import { MessageBubble } from "../message/MessageBubble";
import { isLiveAgentSource } from "../../liveAgent/messages";
import { senderOf } from "../message/sender";
import { LOAD_OLDER_PX } from "../paging";
import type { ChatMessage, ChatStatus } from "../types";

/** The chat's older pages, as the list shows and asks for them. */
export type OlderPages = {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  /** Fetch and put before the list the page older than the first message. */
  onLoad: () => void;
};

type Props = {
  messages: ChatMessage[];
  status: ChatStatus;
  chatModel: string;
  user: UserInfo | null;
  /** Each offered only while nothing runs; see `actionsAt` for which message gets which. */
  onDelete?: (messageId: string) => void;
  onRegenerate?: () => void;
  onResend?: (messageId: string, text: string) => void;
  /** Shown after the last message (an error, or an unanswered message, with a retry button). */
  footer?: ReactNode;
  /** Changes when the user sends: the view jumps to the bottom whatever it showed. */
  sentCount: number;
  /** A long chat's older pages, loaded when the view nears the top. */
  older?: OlderPages;
};

/**
 * The scroller's size as the virtualiser sees it. Before layout (or where there is none,
 * as in tests) an element measures 0×0 and nothing would render: assume the window's size.
 */
function observeRect(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: Rect) => void) {
  return observeElementRect(instance, (rect) =>
    cb(rect.height > 0 ? rect : { width: window.innerWidth, height: window.innerHeight }),
  );
}

type Actions = { onDelete?: (messageId: string) => void; onRegenerate?: () => void; onResend?: (messageId: string, text: string) => void };

/**
 * What the message at `index` offers besides Copy: Delete on every message; Regenerate
 * on the last message when it is the assistant's answer; Edit and resend on the user's
 * own last message. (The handlers are given only while nothing runs.)
 */
export function actionsAt(messages: readonly ChatMessage[], index: number, lastUser: number, { onDelete, onRegenerate, onResend }: Actions): Actions {
  const message = messages[index];
  return {
    onDelete,
    onRegenerate: message && index === messages.length - 1 && senderOf(message, "").kind === "assistant" ? onRegenerate : undefined,
    // What was said to the live agent was sent to a person: it is not edited and asked again.
    onResend: message && index === lastUser && senderOf(message, "").kind === "you" && !isLiveAgentSource(message) ? onResend : undefined,
  };
}

/** Marked once per page load, for the browser benchmark: the first chat is on screen. */
let firstRenderMarked = false;

function TypingIndicator() {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3" role="status" aria-label={t("message.thinking")}>
      <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-navy-950 text-teal-300">
        <LogoMark className="size-4.5" />
      </span>
      <span className="flex items-center gap-1 py-3" aria-hidden="true">
        {[0, 150, 300].map((delay) => (
          <span key={delay} className="size-1.5 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${delay}ms` }} />
        ))}
      </span>
    </div>
  );
}

/** Says at the top of the list that an older page is loading, or failed to. Takes no room in it. */
function OlderPagesStatus({ older }: { older: OlderPages }) {
  const { t } = useTranslation();
  const pill = "flex items-center gap-2 rounded-full border px-3 py-1 text-xs shadow-sm";
  if (older.failed) {
    return (
      <div role="alert" className={`${pill} border-red-200 bg-red-50 text-red-800`}>
        <AlertIcon className="size-3.5" />
        {t("chat.olderFailed")}
        <button type="button" onClick={older.onLoad} className="font-semibold underline">
          {t("chat.retry")}
        </button>
      </div>
    );
  }
  if (!older.loading) return null;
  return (
    <div role="status" className={`${pill} border-slate-200 bg-white text-slate-600`} data-testid="older-loading">
      <Spinner className="size-3.5" />
      {t("chat.loadingOlder")}
    </div>
  );
}

/** Asks for the older page when the view is near the top of what is loaded. */
function useLoadOlderNearTop(older: OlderPages | undefined) {
  const olderRef = useLatest(older);
  return useCallback((el: HTMLElement) => {
    const o = olderRef.current;
    if (!o || !o.hasMore || o.loading || o.failed) return;
    if (el.scrollTop < LOAD_OLDER_PX) o.onLoad();
  }, [olderRef]);
}

/**
 * The conversation, windowed: only the messages near the viewport are in the DOM, each
 * measured as it renders, so a chat of thousands of messages opens and scrolls as fast
 * as a short one. Each bubble is memoised; while an answer streams only its bubble
 * re-renders. The view follows new content while the user is near the bottom. Near the
 * top, a long chat's older page is fetched and put before the list; the virtualiser
 * anchors on the message in view (`anchorTo: "end"`), so what the user reads stays put.
 */
export function MessageList({ messages, status, chatModel, user, onDelete, onRegenerate, onResend, footer, sentCount, older }: Props) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { onScroll: followScroll, follow, scrollToBottom, atBottom } = useAutoScroll(scrollRef);
  const loadOlderNearTop = useLoadOlderNearTop(older);
  const onScroll = useCallback(
    (event: UIEvent<HTMLDivElement>) => {
      followScroll();
      loadOlderNearTop(event.currentTarget);
    },
    [followScroll, loadOlderNearTop],
  );

  // A notice, not a fault: TanStack Virtual's instance changes in place, so the compiler
  // leaves this component as written (memoised, it would show stale rows).
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 160,
    overscan: 6,
    getItemKey: (index) => messages[index]?.id ?? index,
    observeElementRect: observeRect,
    anchorTo: "end",
  });
  const totalSize = virtualizer.getTotalSize();
  const last = messages[messages.length - 1];
  const waiting = status === "submitted" && last?.role === "user";
  const lastUser = messages.findLastIndex((m) => m.role === "user");

  useLayoutEffect(() => {
    follow();
  }, [follow, totalSize, last, waiting, footer]);

  useLayoutEffect(() => {
    if (sentCount > 0) scrollToBottom();
  }, [sentCount, scrollToBottom]);

  // A short page that does not fill the view gives nothing to scroll: fetch the next one
  // now. (Only where there is layout: an element without one measures 0.)
  const olderReady = older !== undefined && older.hasMore && !older.loading && !older.failed;
  useEffect(() => {
    const el = scrollRef.current;
    if (!olderReady || !el || el.clientHeight === 0) return;
    if (el.scrollHeight - el.clientHeight < LOAD_OLDER_PX) loadOlderNearTop(el);
  }, [olderReady, totalSize, loadOlderNearTop]);

  useEffect(() => {
    if (firstRenderMarked || messages.length === 0) return;
    firstRenderMarked = true;
    performance.mark("waybill:messages-rendered");
  }, [messages.length]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="h-full overflow-y-auto overscroll-contain"
        data-testid="message-scroller"
        tabIndex={-1}
      >
        <div
          role="log"
          aria-label={t("chat.pageTitle")}
          aria-busy={status === "streaming" || status === "submitted"}
          className="mx-auto w-full max-w-3xl px-4 pt-6 sm:px-6"
        >
          <div className="relative w-full" style={{ height: totalSize }}>
            {items.map((item) => {
              const message = messages[item.index]!;
              return (
                <div
                  key={item.key}
                  data-index={item.index}
                  ref={virtualizer.measureElement}
                  className="absolute top-0 left-0 w-full pb-6"
                  style={{ transform: `translateY(${item.start}px)` }}
                >
                  <MessageBubble
                    message={message}
                    chatModel={chatModel}
                    user={user}
                    latest={item.index === messages.length - 1}
                    {...actionsAt(messages, item.index, lastUser, { onDelete, onRegenerate, onResend })}
                  />
                </div>
              );
            })}
          </div>
          {waiting && (
            <div className="pb-6">
              <TypingIndicator />
            </div>
          )}
          {footer && <div className="pb-6">{footer}</div>}
          <div className="h-2" />
        </div>
      </div>
      {older && (
        <div className="pointer-events-none absolute top-2 left-1/2 z-10 -translate-x-1/2 [&>*]:pointer-events-auto">
          <OlderPagesStatus older={older} />
        </div>
      )}
      {!atBottom && (
        <button
          type="button"
          onClick={scrollToBottom}
          aria-label={t("chat.scrollToBottom")}
          className="absolute bottom-3 left-1/2 grid size-9 -translate-x-1/2 place-items-center rounded-full border border-slate-200 bg-white text-slate-600 shadow-md hover:text-slate-900"
        >
          <ArrowDownIcon className="size-4" />
        </button>
      )}
    </div>
  );
}
