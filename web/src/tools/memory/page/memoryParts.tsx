import { useId } from "react";
import { useTranslation } from "react-i18next";
import { MEMORY_MAX_CHARS } from "../api/memories";
import { fieldErrorClass, inputClass, labelClass } from "../../../components/ui/fields";
import type { MemoryItem } from "../../../generated/MemoryItem";
import type { Importance } from "../../../generated/tools/memory/Importance";
import { formatDateTime } from "../../../i18n/format";

export const IMPORTANCES: readonly Importance[] = ["low", "medium", "high"];

/** Characters as the server counts them (code points: an emoji or a CJK character is one). */
export const charCount = (text: string) => Array.from(text).length;

/**
 * Text a member or the assistant wrote: isolated from the text around it (a
 * right-to-left override inside stays inside), broken anywhere rather than widening the
 * page, line breaks kept.
 */
export const userText = "min-w-0 whitespace-pre-wrap [overflow-wrap:anywhere]";

const badge = "inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium";

/** Whose memory it is, how important, where it came from, and its score in a search. */
export function MemoryBadges({ item }: { item: MemoryItem }) {
  const { t, i18n } = useTranslation();
  const importance =
    item.importance === "high" ? "bg-amber-50 text-amber-800" : item.importance === "medium" ? "bg-slate-100 text-slate-700" : "bg-slate-50 text-slate-500 ring-1 ring-slate-200";
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1.5">
      <span className={`${badge} ${item.memoryType === "system" ? "bg-violet-50 text-violet-800" : "bg-sky-50 text-sky-800"}`} data-testid="memory-type" data-type={item.memoryType}>
        {t(`memory.type.${item.memoryType}`)}
      </span>
      <span className={`${badge} ${importance}`} data-testid="memory-importance" data-importance={item.importance}>
        {t(`memory.importanceBadge.${item.importance}`)}
      </span>
      <span className={`${badge} bg-white text-slate-600 ring-1 ring-slate-200`} data-testid="memory-source">
        {t(`memory.source.${item.source}`)}
      </span>
      {typeof item.score === "number" && Number.isFinite(item.score) && (
        <span className={`${badge} bg-teal-50 font-mono text-teal-800`} title={t("memory.page.scoreHint")} data-testid="memory-score">
          {t("memory.page.score", {
            score: new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.min(1, Math.max(0, item.score))),
          })}
        </span>
      )}
    </div>
  );
}

/** "Created Nov 20, 2026, 8:30 AM · Updated …" (the update only when it differs). */
export function MemoryDates({ item }: { item: MemoryItem }) {
  const { t, i18n } = useTranslation();
  const at = (ms: number) => {
    const iso = new Date(ms).toISOString();
    return { iso, text: formatDateTime(iso, i18n.language) };
  };
  const created = at(item.createdAt);
  const updated = item.updatedAt > item.createdAt ? at(item.updatedAt) : null;
  return (
    <p className="flex flex-wrap gap-x-3 gap-y-0.5 text-xs text-slate-500">
      <time dateTime={created.iso} data-testid="memory-created">
        {t("memory.page.created", { date: created.text })}
      </time>
      {updated && (
        <time dateTime={updated.iso} data-testid="memory-updated">
          {t("memory.page.updated", { date: updated.text })}
        </time>
      )}
    </p>
  );
}

type TextProps = {
  value: string;
  onChange: (value: string) => void;
  /** Why it cannot be sent as it is (empty). */
  error?: string | undefined;
  disabled?: boolean;
  autoFocus?: boolean;
  rows?: number;
};

/**
 * A memory's text with its counter ("120 / 2,000 characters"). Past the limit the counter
 * says so, and the server, which has the last word, refuses it with its own message.
 */
export function MemoryTextField({ value, onChange, error, disabled, autoFocus, rows = 4 }: TextProps) {
  const { t, i18n } = useTranslation();
  const ids = { input: useId(), counter: useId(), error: useId() };
  const n = charCount(value);
  const over = n > MEMORY_MAX_CHARS;
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div>
      <label htmlFor={ids.input} className={labelClass}>
        {t("memory.page.text")}
      </label>
      <textarea
        id={ids.input}
        dir="auto"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        rows={rows}
        disabled={disabled}
        autoFocus={autoFocus}
        placeholder={t("memory.page.textPlaceholder")}
        aria-invalid={error || over ? true : undefined}
        aria-describedby={[ids.counter, error ? ids.error : null].filter(Boolean).join(" ")}
        className={`${inputClass} resize-y`}
        data-testid="memory-text-input"
      />
      <p id={ids.counter} className={`mt-1 flex flex-wrap justify-between gap-2 text-xs ${over ? "font-medium text-red-700" : "text-slate-500"}`}>
        <span>{over ? t("memory.page.tooLong", { max: number.format(MEMORY_MAX_CHARS) }) : ""}</span>
        <span data-testid="memory-counter">{t("memory.page.counter", { n: number.format(n), max: number.format(MEMORY_MAX_CHARS) })}</span>
      </p>
      {error && (
        <p id={ids.error} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  );
}

/** Low, Medium or High. */
export function ImportanceSelect({ value, onChange, disabled }: { value: Importance; onChange: (value: Importance) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {t("memory.page.importanceLabel")}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Importance)} disabled={disabled} className={inputClass}>
        {IMPORTANCES.map((importance) => (
          <option key={importance} value={importance}>
            {t(`memory.importance.${importance}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
