import type { ReactNode } from "react";
import { AlertIcon, Spinner } from "../../components/icons";

type Tone = "loading" | "error" | "info";

const TONES: Record<Tone, string> = {
  loading: "text-slate-500",
  error: "text-red-700",
  info: "text-slate-600",
};

/** One line about the preview: that it is loading, failed, or is partial. */
export function PreviewNotice({ tone, children }: { tone: Tone; children: ReactNode }) {
  return (
    <p role={tone === "error" ? "alert" : "status"} className={`flex items-center gap-2 text-sm ${TONES[tone]}`}>
      {tone === "loading" && <Spinner className="size-4 shrink-0 text-teal-600" />}
      {tone === "error" && <AlertIcon className="size-4 shrink-0" />}
      <span>{children}</span>
    </p>
  );
}
