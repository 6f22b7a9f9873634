import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MemoryRecord } from "../../generated/tools/memory/MemoryRecord";
import { formatDateTime } from "../../i18n/format";
import { bounded, cut, pretty } from "../../lib/text";
import { PREVIEW_MAX_CHARS, RESULT_PREVIEW_LINES } from "../limits";
import type { OutputOf } from "../types";
import { type MemoryParameters, type MemoryTool, ROW_PREVIEW_CHARS, formatScore, formatShortDateTime, parametersOf, recordImportance, recordSource, recordType } from "./memory";

/**
 * The memory tools' results (spec 001 §2.6): the memories a search found, the memory
 * saved, the memory forgotten. Every text is what a member or the model wrote, shown as
 * text: isolated (`dir="auto"`), broken anywhere rather than widening the card.
 */

/** A section's small capitals label. */
export const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";
const BADGE = "inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-[11px] font-medium";
const EMPTY = "rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-600";

/**
 * A memory's text. With `preview`, cut there with '…' (the whole text in its tooltip, and
 * behind "Show all"); otherwise whole, in a box that scrolls when it is long.
 */
export function MemoryText({ text, preview, testId = "memory-text" }: { text: string; preview?: number; testId?: string }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const whole = cut(text, PREVIEW_MAX_CHARS);
  const long = preview !== undefined && Array.from(text).length > preview;
  if (preview === undefined) {
    return (
      <p dir="auto" className="max-h-40 min-w-0 overflow-auto text-sm whitespace-pre-wrap text-slate-900 wrap-anywhere" data-testid={testId}>
        {whole}
      </p>
    );
  }
  return (
    <p className="min-w-0 text-sm text-slate-900">
      <span dir="auto" className="min-w-0 whitespace-pre-wrap wrap-anywhere" title={long ? whole : undefined} data-testid={testId}>
        {long && !expanded ? cut(text, preview) : whole}
      </span>
      {long && (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((open) => !open)}
          className="ms-1.5 rounded text-xs font-medium text-teal-700 hover:text-teal-900"
          data-testid="memory-expand"
        >
          {expanded ? t("memory.showLess") : t("memory.showAll")}
        </button>
      )}
    </p>
  );
}

/** Whose memory it is, how important, where it came from, its score in a search, and when it was saved. */
export function MemoryFacts({ record }: { record: MemoryRecord }) {
  const { t, i18n } = useTranslation();
  const type = recordType(record);
  const importance = recordImportance(record);
  const source = recordSource(record);
  const score = formatScore(record.score, i18n.language);
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-1.5 text-xs">
      {type && (
        <span className={`${BADGE} ${type === "system" ? "bg-violet-50 text-violet-800" : "bg-sky-50 text-sky-800"}`} data-testid="memory-type" data-type={type}>
          {t(`memory.type.${type}`)}
        </span>
      )}
      {importance && (
        <span
          className={`${BADGE} ${importance === "high" ? "bg-amber-50 text-amber-800" : importance === "medium" ? "bg-slate-100 text-slate-700" : "bg-slate-50 text-slate-500"}`}
          data-testid="memory-importance"
          data-importance={importance}
        >
          {t(`memory.importanceBadge.${importance}`)}
        </span>
      )}
      {source && (
        <span className={`${BADGE} bg-white text-slate-600 ring-1 ring-slate-200`} data-testid="memory-source">
          {t(`memory.source.${source}`)}
        </span>
      )}
      {score && (
        <span className={`${BADGE} bg-teal-50 font-mono text-teal-800`} title={t("memory.scoreHint")} data-testid="memory-score">
          {t("memory.score", { score })}
        </span>
      )}
      {record.createdAt && (
        <time dateTime={record.createdAt} title={formatDateTime(record.createdAt, i18n.language)} className="text-slate-500" data-testid="memory-created">
          {t("memory.created", { date: formatShortDateTime(record.createdAt, i18n.language) })}
        </time>
      )}
    </div>
  );
}

type Result<N extends MemoryTool> = { result: OutputOf<N> };

/** searchMemories: the query, then each memory found (text cut at 80 characters, its facts); 'No memories found'. */
export function SearchView({ result }: Result<"searchMemories">) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      {result.memories.length === 0 ? (
        <p className={EMPTY} data-testid="memory-none">
          {t("memory.none")}
        </p>
      ) : (
        <ul className="max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-lg border border-slate-200" aria-label={t("memory.label")} data-testid="memory-list">
          {result.memories.map((record, i) => (
            <li key={`${i}:${record.id}`} className="min-w-0 space-y-1 px-3 py-2" data-testid="memory-item">
              <MemoryText text={record.memory} preview={ROW_PREVIEW_CHARS} />
              <MemoryFacts record={record} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** saveMemory and deleteMemory: 'Memory saved' or 'Memory deleted', with the memory. */
export function ChangedView({ tool, result }: { tool: "saveMemory" | "deleteMemory"; result: OutputOf<"saveMemory"> | OutputOf<"deleteMemory"> }) {
  const { t } = useTranslation();
  const saved = tool === "saveMemory";
  return (
    <div className="space-y-2" data-testid={saved ? "memory-saved" : "memory-deleted"}>
      <p className={`rounded-md px-3 py-2 text-sm font-medium ${saved ? "bg-teal-50 text-teal-800" : "bg-slate-100 text-slate-700"}`}>{saved ? t("memory.saved") : t("memory.deleted")}</p>
      <div className="space-y-1.5 rounded-lg border border-slate-200 px-3 py-2">
        <MemoryText text={result.memory.memory} />
        <MemoryFacts record={result.memory} />
      </div>
    </div>
  );
}

/** Which of the inputs each tool shows, in order. */
const SHOWN: { readonly [N in MemoryTool]: readonly (keyof MemoryParameters)[] } = {
  searchMemories: ["query", "memoryType"],
  saveMemory: ["content", "importance", "memoryType"],
  deleteMemory: ["memoryId"],
};

const PARAMETER_LABEL = {
  query: "memory.query",
  content: "memory.parameters.content",
  importance: "memory.parameters.importance",
  memoryType: "memory.parameters.type",
  memoryId: "memory.parameters.memoryId",
} as const;

/**
 * What the tool was asked: the query; the memory to keep, its importance and type (the
 * defaults, medium and personal, when the model gave none); the memory to forget. Shown
 * while the tool runs, with an approval, and when it failed.
 */
export function Parameters({ tool, input }: { tool: MemoryTool; input: unknown }) {
  const { t } = useTranslation();
  const given = parametersOf(input);
  const params: MemoryParameters = tool === "saveMemory" ? { ...given, importance: given.importance ?? "medium", memoryType: given.memoryType ?? "personal" } : given;
  const shown = SHOWN[tool].filter((key): key is keyof typeof PARAMETER_LABEL => key in PARAMETER_LABEL && params[key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm" aria-label={t("tools.parameters")} data-testid="memory-parameters">
      {shown.map((key) => (
        <div key={key} className="contents">
          <dt className="text-slate-500">{t(PARAMETER_LABEL[key])}</dt>
          <dd className="min-w-0 font-medium text-slate-900" data-testid={`memory-param-${key}`}>
            {key === "importance" && params.importance ? (
              t(`memory.importance.${params.importance}`)
            ) : key === "memoryType" && params.memoryType ? (
              t(`memory.type.${params.memoryType}`)
            ) : key === "memoryId" ? (
              <code className="font-mono text-xs break-all">{params.memoryId}</code>
            ) : (
              <span dir="auto" className="block max-h-40 overflow-auto whitespace-pre-wrap wrap-anywhere">
                {cut(String(params[key]), PREVIEW_MAX_CHARS)}
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Anything else: the output as JSON, cut to the result preview's lines. */
export function RawView({ output }: { output: unknown }) {
  const { t } = useTranslation();
  const shown = bounded(pretty(output), RESULT_PREVIEW_LINES, PREVIEW_MAX_CHARS);
  return (
    <div>
      <pre className="max-h-80 overflow-auto rounded-md bg-slate-50 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-800 wrap-anywhere" data-testid="memory-raw">
        {shown.text}
      </pre>
      {shown.hiddenLines > 0 && <p className="mt-1 text-[11px] text-slate-400">{t("tools.moreLines", { n: shown.hiddenLines })}</p>}
    </div>
  );
}
