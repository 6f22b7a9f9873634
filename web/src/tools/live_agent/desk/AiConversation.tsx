import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { WrenchIcon } from "../../../components/icons";
import { Markdown } from "../../../markdown/Markdown";
import { transcriptOf, type TranscriptPart } from "./conversation";
import { DeskImage } from "./DeskImage";

function Part({ part, fromCustomer }: { part: TranscriptPart; fromCustomer: boolean }) {
  const { t } = useTranslation();
  switch (part.kind) {
    case "text":
      // The customer's words are text; the assistant's go through the chat's sanitised markdown.
      return fromCustomer ? <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{part.text}</p> : <Markdown text={part.text} />;
    case "file":
      return part.mediaType.startsWith("image/") ? (
        <DeskImage url={part.url} name={part.filename} />
      ) : (
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{t("live_agent.desk.attachedFile", { name: part.filename || part.url })}</p>
      );
    case "tool":
      return (
        <p className="inline-flex items-center gap-1.5 rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-600">
          <WrenchIcon className="size-3.5" />
          {t("live_agent.desk.toolUsed", { name: part.name })}
        </p>
      );
  }
}

/**
 * The customer's conversation with the assistant before they asked for a person, read
 * only: the agent reads what was tried before answering. Folded away (`open` false) once
 * the live conversation has the room.
 */
export function AiConversation({ conversation, open }: { conversation: readonly unknown[]; open: boolean }) {
  const { t } = useTranslation();
  const messages = useMemo(() => transcriptOf(conversation), [conversation]);
  return (
    <details className="rounded-xl border border-slate-200 bg-slate-50/60" open={open} data-testid="desk-ai-conversation">
      <summary className="cursor-pointer px-4 py-2.5 text-sm font-medium text-slate-700 select-none">
        {t("live_agent.desk.aiConversation", { count: messages.length })}
      </summary>
      {messages.length === 0 ? (
        <p className="px-4 pb-3 text-sm text-slate-500">{t("live_agent.desk.aiConversationEmpty")}</p>
      ) : (
        <ol className="max-h-96 space-y-3 overflow-y-auto px-4 pb-4" aria-label={t("live_agent.desk.aiConversationLabel")}>
          {messages.map((message) => (
            <li key={message.id} className="text-sm text-slate-800" data-testid="desk-ai-message">
              <p className="text-xs font-semibold text-slate-500">{message.role === "user" ? t("live_agent.desk.customer") : t("live_agent.desk.assistant")}</p>
              <div className="mt-1 space-y-2">
                {message.parts.map((part, i) => (
                  <Part key={i} part={part} fromCustomer={message.role === "user"} />
                ))}
              </div>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}
