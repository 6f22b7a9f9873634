import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, CopyIcon, MoreIcon, PencilIcon, TrashIcon } from "../../components/icons";
import { RefreshIcon } from "../../components/moreIcons";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../../components/ui/Menu";
import { useCopy } from "../../components/useCopy";
import type { ChatMessage } from "../types";

/** What a message's options menu can do; each is offered only when given. */
export type MessageActions = {
  onDelete?: (messageId: string) => void;
  /** A new answer in place of this one (the last answer, nothing running). */
  onRegenerate?: () => void;
  /** Edit this message and send it again (the user's last message, nothing running). */
  onEdit?: () => void;
};

/** The words of a message, as a person would paste them: its text parts, one paragraph each. */
export function messageText(message: ChatMessage): string {
  return message.parts
    .flatMap((p) => (p.type === "text" && p.text.trim() ? [p.text.trim()] : []))
    .join("\n\n");
}

/**
 * The options menu in a message's header (spec 001 §2.1): Copy (when the message has
 * words), Regenerate, Edit and resend, Delete — each when its handler is given. A copy
 * is confirmed for 2 s beside the button, as the code block's is.
 */
export function MessageMenu({ message, mine, onDelete, onRegenerate, onEdit }: { message: ChatMessage; mine: boolean } & MessageActions) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  // Choosing Edit puts the focus in the editor, not back on the menu's button.
  const editing = useRef(false);
  const text = messageText(message);


  if (!text && !onDelete && !onRegenerate && !onEdit) return null;
  return (
    <>
      <MenuRoot modal={false}>
        <MenuTrigger
          aria-label={t("message.options")}
          className="rounded-md p-1 text-slate-400 opacity-100 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100 data-[state=open]:opacity-100 sm:opacity-0 sm:group-hover:opacity-100"
        >
          <MoreIcon className="size-4" />
        </MenuTrigger>
        <MenuContent
          align={mine ? "end" : "start"}
          onCloseAutoFocus={(e) => {
            if (editing.current) e.preventDefault();
            editing.current = false;
          }}
        >
          {text && (
            <MenuItem onSelect={() => void copy(text)}>
              <CopyIcon className="size-4" />
              {t("message.copy")}
            </MenuItem>
          )}
          {onRegenerate && (
            <MenuItem onSelect={onRegenerate}>
              <RefreshIcon className="size-4" />
              {t("message.regenerate")}
            </MenuItem>
          )}
          {onEdit && (
            <MenuItem
              onSelect={() => {
                editing.current = true;
                onEdit();
              }}
            >
              <PencilIcon className="size-4" />
              {t("message.edit")}
            </MenuItem>
          )}
          {onDelete && (
            <>
              {(text || onRegenerate || onEdit) && <MenuSeparator />}
              <MenuItem tone="danger" onSelect={() => onDelete(message.id)}>
                <TrashIcon className="size-4" />
                {t("message.delete")}
              </MenuItem>
            </>
          )}
        </MenuContent>
      </MenuRoot>
      <span aria-live="polite" className="inline-flex items-center gap-1 text-teal-700">
        {copied && (
          <>
            <CheckIcon className="size-3.5" />
            {t("message.copied")}
          </>
        )}
      </span>
    </>
  );
}
