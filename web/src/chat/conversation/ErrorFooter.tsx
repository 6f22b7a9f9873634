import { useTranslation } from "react-i18next";
import { AlertIcon } from "../../components/icons";
import { formatWait } from "../../i18n/format";
import { type ChatErrorView, describeChatError } from "../errors";

/** The sentence for a failed answer, in the reader's language. */
function useErrorSentence(view: ChatErrorView): string {
  const { t, i18n } = useTranslation();
  switch (view.kind) {
    case "message":
      return t("errors.withMessage", { message: view.message });
    case "sendFailed":
      return t("errors.sendFailed");
    case "tooManyRequests":
      return view.retryAfter === null
        ? t("errors.tooManyRequestsSoon")
        : t("errors.tooManyRequests", { when: formatWait(view.retryAfter, i18n.language) });
    case "unauthorized":
    case "unknown":
      return t("errors.unknown");
  }
}

/** The failed answer's error under the conversation (spec 000 §8), with a way to try again. */
export function ErrorFooter({ error, onRetry }: { error: Error | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  const view = describeChatError(error);
  const text = useErrorSentence(view);
  if (view.kind === "unauthorized") return null;
  return (
    <div role="alert" className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="chat-error">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <p className="flex-1 break-words">{text}</p>
      <button type="button" onClick={onRetry} className="shrink-0 rounded-md bg-white px-2.5 py-1 text-xs font-semibold text-red-800 ring-1 ring-red-200 hover:bg-red-100">
        {t("chat.retry")}
      </button>
    </div>
  );
}
