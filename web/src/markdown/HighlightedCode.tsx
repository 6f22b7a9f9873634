import { toJsxRuntime } from "hast-util-to-jsx-runtime";
import bash from "highlight.js/lib/languages/bash";
import csharp from "highlight.js/lib/languages/csharp";
import css from "highlight.js/lib/languages/css";
import diff from "highlight.js/lib/languages/diff";
import go from "highlight.js/lib/languages/go";
import ini from "highlight.js/lib/languages/ini";
import java from "highlight.js/lib/languages/java";
import javascript from "highlight.js/lib/languages/javascript";
import json from "highlight.js/lib/languages/json";
import markdown from "highlight.js/lib/languages/markdown";
import python from "highlight.js/lib/languages/python";
import rust from "highlight.js/lib/languages/rust";
import shell from "highlight.js/lib/languages/shell";
import sql from "highlight.js/lib/languages/sql";
import typescript from "highlight.js/lib/languages/typescript";
import xml from "highlight.js/lib/languages/xml";
import yaml from "highlight.js/lib/languages/yaml";
import { createLowlight } from "lowlight";
import { Fragment, jsx, jsxs } from "react/jsx-runtime";
import { useMemo } from "react";
import "./highlight.css";

/**
 * The languages operations people meet in answers: queries, scripts, configs, payloads.
 * Fewer grammars keep this chunk small; anything else shows unhighlighted.
 */
const lowlight = createLowlight({ bash, csharp, css, diff, go, ini, java, javascript, json, markdown, python, rust, shell, sql, typescript, xml, yaml });
lowlight.registerAlias({ bash: ["sh", "zsh"], javascript: ["js", "jsx"], typescript: ["ts", "tsx"], xml: ["html", "svg"], yaml: ["yml"], ini: ["toml"], csharp: ["cs"], python: ["py"] });

/** Past this, highlighting costs seconds and a huge tree: the code shows plain. */
const MAX_HIGHLIGHT_CHARS = 200_000;

/**
 * Syntax-highlighted code, loaded on demand (the grammars are the heavy part). The
 * highlighter builds a tree that React renders as elements: no HTML strings involved.
 */
export default function HighlightedCode({ code, language }: { code: string; language: string | undefined }) {
  const tree = useMemo(() => {
    if (code.length > MAX_HIGHLIGHT_CHARS) return null;
    if (language && lowlight.registered(language)) return lowlight.highlight(language, code);
    if (code.length < 20_000) return lowlight.highlightAuto(code);
    return null;
  }, [code, language]);
  if (!tree) return <>{code}</>;
  return toJsxRuntime(tree, { Fragment, jsx, jsxs });
}
