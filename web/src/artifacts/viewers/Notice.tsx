import type { ReactNode } from "react";
import { AlertIcon, Spinner } from "../../components/icons";

/** A centred message in a pane: what cannot be shown, and why. */
export function Notice({ title, children, tone = "muted" }: { title: string; children?: ReactNode; tone?: "muted" | "error" }) {
  return (
    <div className="grid h-full min-h-40 place-items-center p-6 text-center" role={tone === "error" ? "alert" : "status"}>
      <div className="max-w-sm">
        <AlertIcon className={`mx-auto mb-2 size-6 ${tone === "error" ? "text-red-500" : "text-slate-400"}`} />
        <p className="text-sm font-medium text-slate-800">{title}</p>
        {children && <div className="mt-1 text-xs text-slate-500">{children}</div>}
      </div>
    </div>
  );
}

/** A spinner with what the pane is waiting for. */
export function Waiting({ label, className = "" }: { label: string; className?: string }) {
  return (
    <div className={`grid place-items-center ${className}`} role="status">
      <span className="flex items-center gap-2 text-xs text-slate-500">
        <Spinner className="size-4 text-teal-600" />
        {label}
      </span>
    </div>
  );
}
