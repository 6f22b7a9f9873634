import { type Rect, type Virtualizer, observeElementRect, useVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useEffect, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { ArrowDownIcon, LogoMark } from "../../components/icons";
import type { UserInfo } from "../../generated/UserInfo";
import { useAutoScroll } from "../hooks/useAutoScroll";
import { MessageBubble } from "../message/MessageBubble";
import type { ChatMessage, ChatStatus } from "../types";

type Props = {
  messages: ChatMessage[];
  status: ChatStatus;
  chatModel: string;
  user: UserInfo | null;
  onDelete?: (messageId: string) => void;
  /** Shown after the last message (an error with its retry button). */
  footer?: ReactNode;
  /** Changes when the user sends: the view jumps to the bottom whatever it showed. */
  sentCount: number;
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

/**
 * The conversation, windowed: only the messages near the viewport are in the DOM, each
 * measured as it renders, so a chat of thousands of messages opens and scrolls as fast
 * as a short one. Each bubble is memoised; while an answer streams only its bubble
 * re-renders. The view follows new content while the user is near the bottom.
 */
export function MessageList({ messages, status, chatModel, user, onDelete, footer, sentCount }: Props) {
  const { t } = useTranslation();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { onScroll, follow, scrollToBottom, atBottom } = useAutoScroll(scrollRef);

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 160,
    overscan: 6,
    getItemKey: (index) => messages[index]?.id ?? index,
    observeElementRect: observeRect,
  });
  const totalSize = virtualizer.getTotalSize();
  const last = messages[messages.length - 1];
  const waiting = status === "submitted" && last?.role === "user";

  useLayoutEffect(() => {
    follow();
  }, [follow, totalSize, last, waiting, footer]);

  useLayoutEffect(() => {
    if (sentCount > 0) scrollToBottom();
  }, [sentCount, scrollToBottom]);

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
                  <MessageBubble message={message} chatModel={chatModel} user={user} onDelete={onDelete} />
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
