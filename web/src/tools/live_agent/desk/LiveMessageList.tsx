import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { DeskSession, LiveMessage, SenderKind } from "../api/deskTypes";
import { formatMessageTime } from "../../../i18n/format";
import { translateServiceNotice } from "../../../liveAgent/serviceNotices";
import { DeskImage } from "./DeskImage";
import { isWaybillFileLink } from "./fileLinks";
import { senderKindOf } from "./messages";

/**
 * A message's content, inert: text is text (HTML reads as the characters it is, no link
 * is made), an image is shown only from a Waybill file link, a file is linked only then.
 */
function Content({ message }: { message: LiveMessage }) {
  const { t } = useTranslation();
  if (message.type === 1) return <DeskImage url={message.content} />;
  if (message.type === 2) {
    return isWaybillFileLink(message.content) ? (
      <a href={message.content} target="_blank" rel="noopener noreferrer" className="text-teal-700 underline [overflow-wrap:anywhere]">
        {t("live_agent.desk.openFile")}
      </a>
    ) : (
      <p className="text-xs text-slate-500 italic [overflow-wrap:anywhere]">{t("live_agent.desk.fileNotShown", { url: message.content })}</p>
    );
  }
  const text = senderKindOf(message) === "system" ? translateServiceNotice(message.content, t) : message.content;
  return <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{text}</p>;
}

const BUBBLE: Record<SenderKind, string> = {
  customer: "mr-auto bg-white border border-slate-200",
  agent: "ml-auto bg-teal-50 border border-teal-100",
  system: "mx-auto bg-slate-100 text-slate-600 text-xs",
};

/**
 * The live conversation with the customer, oldest first, in a box of its own kept
 * scrolled to the newest (so the composer below stays in view however long it gets).
 */
export function LiveMessageList({ session, messages }: { session: DeskSession; messages: readonly LiveMessage[] }) {
  const { t, i18n } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  // Whether the agent is reading the newest (not scrolled back): then images that load
  // later keep the box at the bottom too.
  const pinned = useRef(true);
  const shown = messages.length > 0;
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
    pinned.current = true;
  }, [messages.length]);
  useEffect(() => {
    const box = list.current;
    if (!box) return;
    const onScroll = () => {
      pinned.current = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
    };
    const onLoad = () => {
      if (pinned.current) box.scrollTop = box.scrollHeight;
    };
    box.addEventListener("scroll", onScroll);
    // `load` does not bubble, but an ancestor hears it while it is captured.
    box.addEventListener("load", onLoad, true);
    return () => {
      box.removeEventListener("scroll", onScroll);
      box.removeEventListener("load", onLoad, true);
    };
  }, [shown]);

  if (messages.length === 0) return <p className="py-6 text-center text-sm text-slate-500">{t("live_agent.desk.noMessages")}</p>;
  const label = (message: LiveMessage, kind: SenderKind) =>
    kind === "customer" ? session.customer.name || t("live_agent.desk.customer") : kind === "agent" ? message.sendNickName || t("live_agent.desk.agent") : t("live_agent.desk.system");
  return (
    <ol ref={list} className="flex max-h-[28rem] flex-col gap-2.5 overflow-y-auto pr-1" aria-label={t("live_agent.desk.messages")} aria-live="polite" tabIndex={0}>
      {messages.map((message) => {
        const kind = senderKindOf(message);
        return (
          <li key={message.id} className={`max-w-[85%] rounded-xl px-3 py-2 text-sm text-slate-800 ${BUBBLE[kind]}`} data-testid="desk-message" data-sender={kind}>
            <p className="mb-0.5 flex gap-2 text-xs text-slate-500">
              <span className="font-semibold text-slate-600">{label(message, kind)}</span>
              {Number.isFinite(message.timestamp) && (
                <time dateTime={new Date(message.timestamp).toISOString()}>{formatMessageTime(message.timestamp, i18n.language)}</time>
              )}
            </p>
            <Content message={message} />
          </li>
        );
      })}
    </ol>
  );
}
