import { memo, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/Avatar";
import { HeadsetIcon, LogoMark, MicIcon, StopIcon } from "../../components/icons";
import type { UserInfo } from "../../generated/UserInfo";
import { formatMessageTime } from "../../i18n/format";
import { MessageFooter, ToolPart } from "../../tools/registry";
import { Markdown } from "../../markdown/Markdown";
import { ToolCallAnswerableContext, ToolCallDataContext } from "../../tools/shell/toolCall";
import { dataByToolCall } from "../toolCalls/dataParts";
import type { ChatMessage } from "../types";
import { FileAttachment } from "./FileAttachment";
import { MessageEditor } from "./MessageEditor";
import { type MessageActions, MessageMenu, messageText } from "./MessageMenu";
import { type PartView, viewOfPart } from "./parts";
import { ReasoningBlock } from "./ReasoningBlock";
import { type Sender, isVoiceMessage, senderOf } from "./sender";

type Props = {
  message: ChatMessage;
  /** The chat's model, naming the assistant when the message does not say which answered. */
  chatModel: string;
  user: UserInfo | null;
  /** Send the user's edited words in place of this message (with `onEdit` offered). */
  onResend?: (messageId: string, text: string) => void;
  /** The chat's last message: only its calls can still be answered. */
  latest?: boolean;
} & Omit<MessageActions, "onEdit">;

function useSenderLabel(sender: Sender): string {
  const { t } = useTranslation();
  switch (sender.kind) {
    case "you":
      return t("message.you");
    case "nickname":
      return sender.name;
    case "liveAgent":
      return t("message.liveAgent");
    case "assistant":
      return sender.name === "claude" ? t("message.claude") : sender.name === "gemini" ? t("message.gemini") : t("message.assistant");
  }
}

function SenderAvatar({ sender, user }: { sender: Sender; user: UserInfo | null }) {
  if (sender.kind === "you") return <Avatar user={user} />;
  if (sender.kind === "nickname") {
    return sender.avatar?.startsWith("/") || sender.avatar?.startsWith("data:image/") ? (
      <img src={sender.avatar} alt="" className="size-8 shrink-0 rounded-full object-cover" />
    ) : (
      <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-amber-400 text-sm font-semibold text-navy-950">
        {Array.from(sender.name)[0]?.toLocaleUpperCase()}
      </span>
    );
  }
  return (
    <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-navy-950 text-teal-300 ring-1 ring-teal-400/30">
      {sender.kind === "liveAgent" ? <HeadsetIcon className="size-4" /> : <LogoMark className="size-4.5" />}
    </span>
  );
}

function Part({ view, mine, messageId }: { view: PartView; mine: boolean; messageId: string }) {
  switch (view.kind) {
    case "text":
      return mine ? <p className="whitespace-pre-wrap wrap-anywhere">{view.text}</p> : <Markdown text={view.text} streaming={view.streaming} />;
    case "reasoning":
      return <ReasoningBlock text={view.text} streaming={view.streaming} />;
    case "file":
      return <FileAttachment messageId={messageId} url={view.url} filename={view.filename} mediaType={view.mediaType} size={view.size} fileId={view.fileId} />;
    case "tool":
      return <ToolPart invocation={view.invocation} />;
  }
}

/**
 * One message (spec 001 §2.1): the user's on the right, everyone else's on the left;
 * a header with sender, time, a voice mark and the options menu; then its parts.
 */
export const MessageBubble = memo(function MessageBubble({ message, chatModel, user, onDelete, onRegenerate, onResend, latest = true }: Props) {
  const { t, i18n } = useTranslation();
  const sender = senderOf(message, chatModel);
  const label = useSenderLabel(sender);
  const mine = message.role === "user";
  const views = message.parts.map((p) => viewOfPart(p, message.id));
  const files = views.filter((v): v is Extract<PartView, { kind: "file" }> => v?.kind === "file");
  const body = views.filter((v): v is Exclude<PartView, { kind: "file" }> => v !== null && v.kind !== "file");
  // `data-*` parts show in their call's card, never on their own.
  const toolData = useMemo(() => dataByToolCall(message.parts), [message.parts]);
  const createdAt = message.metadata?.createdAt;
  const time = typeof createdAt === "number" ? formatMessageTime(createdAt, i18n.language) : null;
  const [editing, setEditing] = useState(false);
  // Editing ends when it may no longer be sent (an answer started, another message came).
  const editor = editing && onResend ? onResend : undefined;

  return (
    <article
      aria-label={t("message.from", { sender: label })}
      data-testid="message"
      data-role={message.role}
      data-message-id={message.id}
      className={`group flex gap-3 ${mine ? "flex-row-reverse" : ""}`}
    >
      <SenderAvatar sender={sender} user={user} />
      <div className={`flex min-w-0 flex-col ${mine ? `max-w-[85%] items-end ${editor ? "flex-1" : ""}` : "max-w-full flex-1 items-start"}`}>
        <header className={`flex h-8 items-center gap-2 text-xs text-slate-500 ${mine ? "flex-row-reverse" : ""}`}>
          <span className="font-semibold text-slate-800" data-testid="sender">
            {label}
          </span>
          {time && <time dateTime={new Date(createdAt!).toISOString()}>{time}</time>}
          {isVoiceMessage(message.id) && (
            <span title={t("message.voice")} className="text-teal-700" data-testid="voice-mark">
              <MicIcon className="size-3.5" aria-hidden="false" aria-label={t("message.voice")} role="img" />
            </span>
          )}
          {message.metadata?.stopped === true && (
            <span title={t("message.stoppedHint")} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600" data-testid="stopped-mark">
              <StopIcon className="size-3" />
              {t("message.stopped")}
            </span>
          )}
          <MessageMenu
            message={message}
            mine={mine}
            onDelete={onDelete}
            onRegenerate={onRegenerate}
            onEdit={onResend && !editing ? () => setEditing(true) : undefined}
          />
        </header>
        {files.length > 0 && (
          <div className={`mb-1.5 flex flex-wrap gap-2 ${mine ? "justify-end" : ""}`}>
            {files.map((f, i) => (
              <FileAttachment key={i} messageId={message.id} url={f.url} filename={f.filename} mediaType={f.mediaType} size={f.size} fileId={f.fileId} />
            ))}
          </div>
        )}
        {editor ? (
          <MessageEditor
            text={messageText(message)}
            onCancel={() => setEditing(false)}
            onSend={(text) => {
              setEditing(false);
              editor(message.id, text);
            }}
          />
        ) : body.length > 0 && (
          <div
            className={
              mine
                ? "rounded-2xl rounded-tr-md bg-navy-900 px-4 py-2.5 text-[15px] leading-relaxed text-white shadow-sm"
                : "w-full min-w-0 text-[15px] leading-relaxed text-slate-800"
            }
          >
            <ToolCallAnswerableContext value={latest}>
              <ToolCallDataContext value={toolData}>
                {body.map((view, i) => (
                  <Part key={i} view={view} mine={mine} messageId={message.id} />
                ))}
              </ToolCallDataContext>
            </ToolCallAnswerableContext>
          </div>
        )}
        {!mine && <MessageFooter parts={message.parts} messageId={message.id} />}
      </div>
    </article>
  );
});
