import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeBlock } from "../../markdown/CodeBlock";
import { ModeToggle } from "./ModeToggle";
import type { TextViewProps } from "./text";

type Mode = "preview" | "code";

/**
 * The iframe's sandbox: every restriction on. Without `allow-same-origin` the page is
 * an opaque origin that cannot reach the app, its storage or its session; without
 * `allow-scripts` its scripts do not run at all (an uploaded page is still someone's
 * file, and nothing here needs it to be live).
 */
export const HTML_PREVIEW_SANDBOX = "";

/** An HTML file as a page (in a locked-down frame) or as its source. */
export default function HtmlView({ text, file }: TextViewProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>("preview");
  return (
    <div className="flex h-full min-h-[28rem] flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ModeToggle modes={{ preview: t("fileViewer.preview"), code: t("fileViewer.code") }} value={mode} onChange={setMode} />
        {mode === "preview" && <p className="text-xs text-slate-500">{t("fileViewer.scriptsOff")}</p>}
      </div>
      {mode === "preview" ? (
        <iframe
          srcDoc={text}
          sandbox={HTML_PREVIEW_SANDBOX}
          referrerPolicy="no-referrer"
          title={file.fileName}
          className="w-full flex-1 rounded-lg border border-slate-200 bg-white"
        />
      ) : (
        <CodeBlock code={text} language="html" />
      )}
    </div>
  );
}
