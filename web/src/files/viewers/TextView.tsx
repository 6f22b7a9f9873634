import type { TextViewProps } from "./text";

/** Plain text as written. */
export function TextView({ text }: TextViewProps) {
  return (
    <pre className="rounded-lg bg-slate-50 px-4 py-3 font-mono text-[13px] leading-relaxed whitespace-pre-wrap break-words text-slate-800">
      {text}
    </pre>
  );
}
