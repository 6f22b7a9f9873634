import { Children, type ReactNode, isValidElement, memo } from "react";
import ReactMarkdown, { type Components, type Options } from "react-markdown";
import rehypeSanitize from "rehype-sanitize";
import remarkGfm from "remark-gfm";
import remend from "remend";
import { CodeBlock } from "./CodeBlock";
import { ExternalImage } from "./ExternalImage";
import { safeLinkUrl } from "./urls";

type MdNode = { type: string; value?: string; children?: MdNode[] };

/**
 * Raw HTML in model output is shown as the text it is, never as markup: `<script>` reads
 * as `<script>`. (Without this, markdown drops it silently, which hides what the model
 * actually wrote.)
 */
function htmlAsText() {
  const walk = (node: MdNode) => {
    if (node.type === "html") node.type = "text";
    node.children?.forEach(walk);
  };
  return walk;
}

function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((c) => (typeof c === "string" || typeof c === "number" ? String(c) : ""))
    .join("");
}

/** A fenced block arrives as <pre><code class="language-x">…</code></pre>. */
function Pre({ children }: { children?: ReactNode }) {
  const child = Children.toArray(children)[0];
  if (isValidElement<{ className?: string; children?: ReactNode }>(child)) {
    const language = /language-([\w+#.-]+)/.exec(child.props.className ?? "")?.[1];
    return <CodeBlock code={textOf(child.props.children).replace(/\n$/, "")} language={language} />;
  }
  return <pre>{children}</pre>;
}

const components: Components = {
  pre: Pre,
  a: ({ href, children }) => {
    const url = safeLinkUrl(href);
    if (!url) return <span>{children}</span>;
    return (
      <a href={url} target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </a>
    );
  },
  img: ({ src, alt }) => <ExternalImage src={typeof src === "string" ? src : undefined} alt={alt} />,
  table: ({ children }) => (
    <div className="my-3 overflow-x-auto">
      <table>{children}</table>
    </div>
  ),
};

const remarkPlugins: Options["remarkPlugins"] = [remarkGfm, htmlAsText];
const rehypePlugins: Options["rehypePlugins"] = [rehypeSanitize];

/**
 * Model output as markdown: GitHub-flavoured, sanitised, links opened apart from the app,
 * images only on request, code highlighted once the highlighter has loaded. While a text
 * streams, unfinished syntax (an open `**`, a half-written link) is closed first so the
 * text does not flicker between shapes.
 */
export const Markdown = memo(function Markdown({ text, streaming = false }: { text: string; streaming?: boolean }) {
  return (
    <div className="prose-chat">
      <ReactMarkdown
        remarkPlugins={remarkPlugins}
        rehypePlugins={rehypePlugins}
        components={components}
        urlTransform={(url) => safeLinkUrl(url) ?? ""}
      >
        {streaming ? remend(text) : text}
      </ReactMarkdown>
    </div>
  );
});
