import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CodeBlock } from "../../markdown/CodeBlock";
import { Markdown } from "../../markdown/Markdown";
import { ModeToggle } from "./ModeToggle";
import type { TextViewProps } from "./text";

type Mode = "rendered" | "source";

/**
 * Markdown rendered the way answers are (sanitised: raw HTML stays text, links open
 * apart from the app, remote images load on request), or its source.
 */
export default function MarkdownView({ text }: TextViewProps) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>("rendered");
  return (
    <div className="space-y-3">
      <ModeToggle modes={{ rendered: t("fileViewer.rendered"), source: t("fileViewer.source") }} value={mode} onChange={setMode} />
      {mode === "rendered" ? <Markdown text={text} /> : <CodeBlock code={text} language="markdown" />}
    </div>
  );
}
