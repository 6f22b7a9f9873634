import { CodeBlock } from "../../markdown/CodeBlock";
import { codeLanguageOf } from "../kinds";
import type { TextViewProps } from "./text";

/** Source code, highlighted like code in answers, with its copy button. */
export default function CodeView({ text, file }: TextViewProps) {
  return <CodeBlock code={text} language={codeLanguageOf(file)} />;
}
