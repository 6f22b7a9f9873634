import { type FormEvent, type KeyboardEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MESSAGE_MAX_CHARS } from "../api/desk";
import { MAX_FILE_BYTES, isImage, uploadFile } from "../../../files/upload";
import { ImageIcon, SendIcon, Spinner } from "../../../components/icons";
import { FormAlert } from "../../../components/ui/FormAlert";
import { inputClass } from "../../../components/ui/fields";
import { useErrorText } from "../../../components/useErrorText";
import { CannedReplies } from "./CannedReplies";
import { isWaybillFileLink } from "./fileLinks";
import { useSend } from "./queries";

/**
 * What the agent writes to the customer: text (Enter sends, Shift+Enter breaks the line),
 * an image uploaded through the file service and sent as its Waybill file link (type 1),
 * and the tenant's canned replies, inserted to be edited before sending.
 */
export function Composer({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const send = useSend(sessionId);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const tooLong = text.length > MESSAGE_MAX_CHARS;
  const busy = send.isPending || uploading;

  const sendText = () => {
    const content = text.trim();
    if (!content || tooLong || busy) return;
    setError(null);
    send.mutate(
      { content, type: 0 },
      {
        onSuccess: () => setText(""),
        onError: (e) => setError(errorText(e, t("live_agent.desk.sendFailed"))),
      },
    );
  };

  const sendImage = async (file: File) => {
    setError(null);
    if (!isImage(file.type)) return setError(t("live_agent.desk.imagesOnly", { name: file.name }));
    if (file.size > MAX_FILE_BYTES) return setError(t("live_agent.desk.imageTooLarge", { name: file.name }));
    setUploading(true);
    try {
      let url: string;
      try {
        url = (await uploadFile(file)).url;
      } catch (e) {
        return setError(e instanceof Error && e.message ? e.message : t("live_agent.desk.uploadFailed"));
      }
      // Only Waybill's own file links are sent: the customer's page shows nothing else.
      if (!isWaybillFileLink(url)) return setError(t("live_agent.desk.uploadFailed"));
      await send.mutateAsync({ content: url, type: 1 }).catch((e: unknown) => setError(errorText(e, t("live_agent.desk.sendFailed"))));
    } finally {
      setUploading(false);
    }
  };

  const insert = (reply: string) => {
    setText((current) => (current.trim() ? `${current.trimEnd()}\n${reply}` : reply));
    box.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      sendText();
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    sendText();
  };

  return (
    <div className="space-y-2 border-t border-slate-200 pt-3">
      <CannedReplies onInsert={insert} />
      {error && <FormAlert>{error}</FormAlert>}
      <form onSubmit={onSubmit} className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-label={t("live_agent.desk.attachImage")}
          data-testid="desk-image-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void sendImage(file);
          }}
        />
        <button
          type="button"
          className="grid size-10 shrink-0 place-items-center rounded-lg border border-slate-300 bg-white text-slate-600 hover:bg-slate-50 disabled:opacity-60"
          onClick={() => picker.current?.click()}
          disabled={busy}
          title={t("live_agent.desk.attachImage")}
          aria-label={t("live_agent.desk.attachImage")}
        >
          {uploading ? <Spinner className="size-4" /> : <ImageIcon className="size-4" />}
        </button>
        <div className="min-w-0 flex-1">
          <label className="sr-only" htmlFor={`desk-reply-${sessionId}`}>
            {t("live_agent.desk.replyLabel")}
          </label>
          <textarea
            id={`desk-reply-${sessionId}`}
            ref={box}
            rows={2}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={t("live_agent.desk.replyPlaceholder")}
            aria-invalid={tooLong || undefined}
            className={`${inputClass} max-h-[200px] resize-y`}
          />
          {tooLong && <p className="mt-1 text-xs font-medium text-red-700">{t("live_agent.desk.messageTooLong", { max: MESSAGE_MAX_CHARS.toLocaleString(), count: text.length })}</p>}
        </div>
        <button
          type="submit"
          className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg bg-navy-900 px-4 text-sm font-semibold text-white hover:bg-navy-800 disabled:opacity-60"
          disabled={busy || !text.trim() || tooLong}
        >
          {send.isPending && !uploading ? <Spinner className="size-4" /> : <SendIcon className="size-4" />}
          {t("live_agent.desk.send")}
        </button>
      </form>
    </div>
  );
}
