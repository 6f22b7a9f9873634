import { useTranslation } from "react-i18next";
import { AlertIcon } from "../../components/icons";
import { ClockIcon } from "../../components/moreIcons";
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

/** The button under the last message that asks for its answer again (both footers below). */
function RetryButton({ onRetry, tone }: { onRetry: () => void; tone: "error" | "calm" }) {
  const { t } = useTranslation();
  const look = tone === "error" ? "text-red-800 ring-red-200 hover:bg-red-100" : "text-slate-800 ring-slate-300 hover:bg-slate-100";
  return (
    <button type="button" onClick={onRetry} className={`shrink-0 rounded-md bg-white px-2.5 py-1 text-xs font-semibold ring-1 ${look}`}>
      {t("chat.retry")}
    </button>
  );
}

/** The failed answer's error under the conversation (spec 000 §8), with a way to try again. */
export function ErrorFooter({ error, onRetry }: { error: Error | undefined; onRetry: () => void }) {
  const view = describeChatError(error);
  const text = useErrorSentence(view);
  if (view.kind === "unauthorized") return null;
  return (
    <div role="alert" className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="chat-error">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <p className="flex-1 break-words">{text}</p>
      <RetryButton onRetry={onRetry} tone="error" />
    </div>
  );
}

/**
 * A card's result (a form's answers, a client tool's output) could not be posted: 处理工具结果时出错，请重试
 * (spec 000 §8). Retry posts the same result again; the card keeps what the user entered.
 */
export function ResultFailedFooter({ error, onRetry }: { error: Error | undefined; onRetry: () => void }) {
  const { t } = useTranslation();
  if (describeChatError(error).kind === "unauthorized") return null;
  return (
    <div role="alert" className="flex items-start gap-2.5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900" data-testid="result-failed">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <p className="flex-1 break-words">{t("errors.toolResultFailed")}</p>
      <RetryButton onRetry={onRetry} tone="error" />
    </div>
  );
}

/**
 * Under the user's last message when it has no answer and none is coming (a send that
 * failed before this page was loaded, a stop before the answer began): the same retry
 * as after an error, so no question is left without a way to get its answer.
 */
export function UnansweredFooter({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex items-center gap-2.5 rounded-xl border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700" data-testid="unanswered">
      <ClockIcon className="size-4 shrink-0 text-slate-500" />
      <p className="flex-1 break-words">{t("chat.unanswered")}</p>
      <RetryButton onRetry={onRetry} tone="calm" />
    </div>
  );
}
