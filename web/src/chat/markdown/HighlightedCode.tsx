import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import { common, createLowlight } from "lowlight";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { useMemo } from "react";
import "./highlight.css";

const lowlight = createLowlight(common);

/**
 * Syntax-highlighted code, loaded on demand (the grammars are the heavy part). The
 * highlighter builds a tree that React renders as elements: no HTML strings involved.
 */
export default function HighlightedCode({ code, language }: { code: string; language: string | undefined }) {
  const tree = useMemo(() => {
    if (language && lowlight.registered(language)) return lowlight.highlight(language, code);
    if (code.length < 20_000) return lowlight.highlightAuto(code);
    return null;
  }, [code, language]);
  if (!tree) return <>{code}</>;
  return toJsxRuntime(tree, { Fragment, jsx, jsxs });
}
