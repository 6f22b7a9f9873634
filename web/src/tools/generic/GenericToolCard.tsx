import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon, ChevronRight, Spinner, WrenchIcon } from "../../components/icons";
import type { ToolCardProps } from "../types";

function pretty(value: unknown): string {
  if (value === undefined) return "";
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

function Section({ label, body, tone = "plain" }: { label: string; body: string; tone?: "plain" | "error" }) {
  return (
    <div>
      <p className="mb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{label}</p>
      <pre
        className={`max-h-72 overflow-auto rounded-md px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words ${
          tone === "error" ? "bg-red-50 text-red-800" : "bg-slate-50 text-slate-800"
        }`}
      >
        {body}
      </pre>
    </div>
  );
}

/**
 * The card for a tool without one of its own (spec 001 §2.16): 'Invoked {tool}' and
 * 'Processing...' while it runs, 'Completed {tool}' after; expanded, the parameters and
 * the error or the result.
 */
export function GenericToolCard({ invocation }: ToolCardProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const { toolName: tool, phase } = invocation;
  const running = phase === "preparing" || phase === "executing";

  const title =
    phase === "failed" ? t("tools.failed") : running ? t("tools.invoked", { tool }) : t("tools.completed", { tool });
  const status = running ? t("tools.processing") : phase === "failed" ? tool : t("tools.result", { tool });
  const icon = running ? (
    <Spinner className="size-4 text-teal-600" />
  ) : phase === "failed" ? (
    <AlertIcon className="size-4 text-red-600" />
  ) : (
    <CheckIcon className="size-4 text-teal-600" />
  );

  return (
    <div
      className={`my-2 overflow-hidden rounded-xl border bg-white shadow-xs ${phase === "failed" ? "border-red-200" : "border-slate-200"}`}
      data-testid="tool-card"
      data-tool={tool}
      data-phase={phase}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-3 px-3 py-2.5 text-left hover:bg-slate-50"
      >
        <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-slate-100 text-slate-600">
          <WrenchIcon className="size-4" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate text-sm font-medium text-slate-900">{title}</span>
          <span className="flex items-center gap-1.5 text-xs text-slate-500">
            {icon}
            <span className="truncate">{status}</span>
          </span>
        </span>
        <ChevronRight className={`size-4 shrink-0 text-slate-400 transition-transform ${open ? "rotate-90" : ""}`} />
      </button>
      {phase === "preparing" && !open && (
        <div aria-hidden="true" className="space-y-1.5 px-3 pb-3">
          <div className="h-2 w-2/3 animate-pulse rounded bg-slate-100" />
          <div className="h-2 w-1/3 animate-pulse rounded bg-slate-100" />
        </div>
      )}
      {open && (
        <div id={bodyId} className="space-y-3 border-t border-slate-100 px-3 py-3">
          <Section label={t("tools.parameters")} body={pretty(invocation.input) || "{}"} />
          {phase === "failed" ? (
            <Section label={t("tools.error")} body={invocation.errorText ?? ""} tone="error" />
          ) : (
            !running && (
              <Section
                label={t("tools.result", { tool })}
                body={invocation.output === undefined ? t("tools.noResult") : pretty(invocation.output)}
              />
            )
          )}
        </div>
      )}
    </div>
  );
}
