import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/Avatar";
import { HeadsetIcon, LogoMark, MicIcon, MoreIcon, TrashIcon } from "../../components/icons";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "../../components/ui/Menu";
import type { UserInfo } from "../../generated/UserInfo";
import { ToolPart } from "../../tools/registry";
import { Markdown } from "../markdown/Markdown";
import type { ChatMessage } from "../types";
import { FileAttachment } from "./FileAttachment";
import { type PartView, viewOfPart } from "./parts";
import { ReasoningBlock } from "./ReasoningBlock";
import { type Sender, isVoiceMessage, senderOf } from "./sender";
import { formatMessageTime } from "./time";

type Props = {
  message: ChatMessage;
  /** The chat's model, naming the assistant when the message does not say which answered. */
  chatModel: string;
  user: UserInfo | null;
  /** Offered only when given (spec 001 §2.1). */
  onDelete?: (messageId: string) => void;
};

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

function Part({ view, mine }: { view: PartView; mine: boolean }) {
  switch (view.kind) {
    case "text":
      return mine ? <p className="whitespace-pre-wrap break-words">{view.text}</p> : <Markdown text={view.text} streaming={view.streaming} />;
    case "reasoning":
      return <ReasoningBlock text={view.text} streaming={view.streaming} />;
    case "file":
      return <FileAttachment url={view.url} filename={view.filename} mediaType={view.mediaType} />;
    case "tool":
      return <ToolPart invocation={view.invocation} />;
  }
}

/**
 * One message (spec 001 §2.1): the user's on the right, everyone else's on the left;
 * a header with sender, time, a voice mark and the options menu; then its parts.
 */
export const MessageBubble = memo(function MessageBubble({ message, chatModel, user, onDelete }: Props) {
  const { t, i18n } = useTranslation();
  const sender = senderOf(message, chatModel);
  const label = useSenderLabel(sender);
  const mine = message.role === "user";
  const views = message.parts.map((p) => viewOfPart(p, message.id));
  const files = views.filter((v): v is Extract<PartView, { kind: "file" }> => v?.kind === "file");
  const body = views.filter((v): v is Exclude<PartView, { kind: "file" }> => v !== null && v.kind !== "file");
  const createdAt = message.metadata?.createdAt;
  const time = typeof createdAt === "number" ? formatMessageTime(createdAt, i18n.language) : null;

  return (
    <article
      aria-label={t("message.from", { sender: label })}
      data-testid="message"
      data-role={message.role}
      data-message-id={message.id}
      className={`group flex gap-3 ${mine ? "flex-row-reverse" : ""}`}
    >
      <SenderAvatar sender={sender} user={user} />
      <div className={`flex min-w-0 flex-col ${mine ? "max-w-[85%] items-end" : "max-w-full flex-1 items-start"}`}>
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
          {onDelete && (
            <MenuRoot modal={false}>
              <MenuTrigger
                aria-label={t("message.options")}
                className="rounded-md p-1 text-slate-400 opacity-100 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100 data-[state=open]:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
              >
                <MoreIcon className="size-4" />
              </MenuTrigger>
              <MenuContent align={mine ? "end" : "start"}>
                <MenuItem tone="danger" onSelect={() => onDelete(message.id)}>
                  <TrashIcon className="size-4" />
                  {t("message.delete")}
                </MenuItem>
              </MenuContent>
            </MenuRoot>
          )}
        </header>
        {files.length > 0 && (
          <div className={`mb-1.5 flex flex-wrap gap-2 ${mine ? "justify-end" : ""}`}>
            {files.map((f, i) => (
              <FileAttachment key={i} url={f.url} filename={f.filename} mediaType={f.mediaType} />
            ))}
          </div>
        )}
        {body.length > 0 && (
          <div
            className={
              mine
                ? "rounded-2xl rounded-tr-md bg-navy-900 px-4 py-2.5 text-[15px] leading-relaxed text-white shadow-sm"
                : "w-full min-w-0 text-[15px] leading-relaxed text-slate-800"
            }
          >
            {body.map((view, i) => (
              <Part key={i} view={view} mine={mine} />
            ))}
          </div>
        )}
      </div>
    </article>
  );
});
