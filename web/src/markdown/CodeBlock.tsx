import { Suspense, lazy } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, CopyIcon } from "../components/icons";
import { useCopy } from "../components/useCopy";

const HighlightedCode = lazy(() => import("./HighlightedCode"));

/** A fenced code block: language label, copy button, lazily highlighted body. */
export function CodeBlock({ code, language }: { code: string; language: string | undefined }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();

  return (
    <div className="my-3 overflow-hidden rounded-lg bg-navy-950 text-slate-100" data-testid="code-block">
      <div className="flex items-center justify-between border-b border-white/10 px-3 py-1.5 text-xs text-slate-400">
        <span className="font-mono">{language ?? t("message.code")}</span>
        <button
          type="button"
          onClick={() => void copy(code)}
          className="inline-flex items-center gap-1 rounded px-1.5 py-0.5 hover:bg-white/10 hover:text-white"
        >
          {copied ? <CheckIcon className="size-3.5" /> : <CopyIcon className="size-3.5" />}
          <span aria-live="polite">{copied ? t("message.copied") : t("message.copyCode")}</span>
        </button>
      </div>
      <pre className="overflow-x-auto px-4 py-3 font-mono text-[13px] leading-relaxed">
        <code>
          <Suspense fallback={code}>
            <HighlightedCode code={code} language={language} />
          </Suspense>
        </code>
      </pre>
    </div>
  );
}
