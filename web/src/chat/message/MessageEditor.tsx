import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  /** The words as sent. */
  text: string;
  /** Send the edited words: they replace the message, and what followed it goes. */
  onSend: (text: string) => void;
  onCancel: () => void;
};

/**
 * The user's last message, edited in place. Enter sends (Shift+Enter for a new line, as
 * in the input bar); Escape cancels. Unchanged words are not sent again: the server has
 * answered them already.
 */
export function MessageEditor({ text, onSend, onCancel }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(text);
  const ref = useRef<HTMLTextAreaElement>(null);
  const labelId = useId();
  const trimmed = value.trim();
  const sendable = trimmed !== "" && trimmed !== text.trim();

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  const send = () => {
    if (sendable) onSend(trimmed);
  };

  return (
    <form
      className="w-full rounded-2xl rounded-tr-md border border-slate-300 bg-white p-2 shadow-sm focus-within:border-teal-500 focus-within:ring-2 focus-within:ring-teal-500/20"
      onSubmit={(e) => {
        e.preventDefault();
        send();
      }}
      data-testid="message-editor"
    >
      <span id={labelId} className="sr-only">
        {t("message.editLabel")}
      </span>
      <textarea
        ref={ref}
        aria-labelledby={labelId}
        value={value}
        rows={Math.min(8, Math.max(2, value.split("\n").length))}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Escape") {
            // Cancels the edit only; nothing else (no answer runs while editing).
            e.preventDefault();
            onCancel();
          } else if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
            e.preventDefault();
            send();
          }
        }}
        className="block w-full resize-none bg-transparent px-2 py-1.5 text-[15px] leading-relaxed text-slate-900 outline-none"
      />
      <div className="flex justify-end gap-2 pt-1">
        <button type="button" onClick={onCancel} className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100">
          {t("message.editCancel")}
        </button>
        <button
          type="submit"
          disabled={!sendable}
          className="rounded-md bg-navy-900 px-3 py-1.5 text-sm font-semibold text-white hover:bg-navy-800 disabled:opacity-40"
        >
          {t("message.editSend")}
        </button>
      </div>
    </form>
  );
}
