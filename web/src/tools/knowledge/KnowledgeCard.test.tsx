import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useArtifacts } from "../../artifacts/store";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { ToolPart, cardFor } from "../registry";
import type { OutputOf } from "../types";
import { KnowledgeCard } from "./KnowledgeCard";
import checks, { examples } from "./samples";

/** The golden sample the server's tests write. */
const golden = import.meta.glob("../../generated/samples/queryKnowledgeBase.json", { eager: true, import: "default" })[
  "../../generated/samples/queryKnowledgeBase.json"
] as OutputOf<"queryKnowledgeBase">;

const done = (output: unknown, input: unknown = examples.input, messageId = "m1") => toolCall("queryKnowledgeBase", "completed", { input, output, messageId });
const title = () => screen.getByTestId("tool-title").textContent;
const status = () => screen.getByTestId("tool-status").textContent;
const expand = () => userEvent.click(screen.getByRole("button", { expanded: false }));

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("the knowledge card", () => {
  it("is queryKnowledgeBase's card", () => {
    expect(cardFor("queryKnowledgeBase")).toBe(KnowledgeCard);
  });

  it("shows the golden sample: the question, its passages, Facility SOPs and cycle-count-sop.md once", async () => {
    render(<ToolPart invocation={done(golden, { message: golden.message })} />);
    expect(title()).toBe("Knowledge base: What does the cycle count SOP say about variances?");
    expect(status()).toBe("3 passages");
    expect(screen.queryByTestId("tool-body")).toBeNull();
    await expand();
    const card = screen.getByTestId("tool-card");
    for (const text of checks.queryKnowledgeBase!(golden)) expect(card.textContent).toContain(text);
    const base = within(screen.getByRole("list", { name: "Knowledge bases searched" })).getByTestId("kb-base");
    expect(within(base).getByTestId("kb-base-name").textContent).toBe("Facility SOPs");
    expect(within(base).getByTestId("kb-base-id").textContent).toBe("ID kb-0193a7e25c1d7a409b1e6f2d4c8a1b00");
    const documents = within(screen.getByRole("list", { name: "Referenced documents" })).getAllByTestId("kb-document");
    expect(documents).toHaveLength(1);
    expect(within(documents[0]!).getAllByTestId("kb-citation").map((c) => c.textContent)).toEqual(["6 Variances", "7 Records", "1 Purpose"]);
    expect(screen.getByTestId("kb-ranking").textContent).toBe("Ranked by words");
  });

  it("titles the call by its question while it runs, cut when long, and shows what it asked", () => {
    const { rerender } = render(<KnowledgeCard invocation={toolCall("queryKnowledgeBase", "preparing")} />);
    expect(title()).toBe("Knowledge base");
    rerender(<KnowledgeCard invocation={toolCall("queryKnowledgeBase", "executing", { input: examples.input })} />);
    expect(title()).toBe("Knowledge base: What does the cycle count SOP say about variances?");
    expect(status()).toBe("Searching the knowledge bases…");
    const long = `Where ${"is the pallet ".repeat(20)}?`;
    rerender(<KnowledgeCard invocation={toolCall("queryKnowledgeBase", "executing", { input: { message: long, kbId: "kb-1" } })} />);
    expect(title()).toBe(`Knowledge base: ${long.slice(0, 80).trimEnd()}…`);
  });

  it("lists the knowledge bases searched, each referenced document once with what was cited, and each passage", async () => {
    render(<KnowledgeCard invocation={done(examples.found)} />);
    expect(status()).toBe("4 passages");
    await expand();

    const bases = within(screen.getByRole("list", { name: "Knowledge bases searched" })).getAllByTestId("kb-base");
    expect(bases.map((b) => within(b).getByTestId("kb-base-name").textContent)).toEqual(["Facility SOPs", "My carrier contracts"]);
    expect(bases.map((b) => within(b).getByTestId("kb-base-scope").textContent)).toEqual(["Company", "Personal"]);
    expect(bases.map((b) => within(b).getByTestId("kb-base-id").textContent)).toEqual(["ID kb-0193a7e25c1d7a409b1e6f2d4c8a1b00", "ID kb-0193a7e25c1d7a409b1e6f2d4c8a1b99"]);

    const documents = within(screen.getByRole("list", { name: "Referenced documents" })).getAllByTestId("kb-document");
    expect(documents.map((d) => within(d).getByTestId("kb-document-name").textContent)).toEqual(["cycle-count-sop.md", "Northline carrier contract.pdf"]);
    const citations = documents.map((d) => within(d).getAllByTestId("kb-citation").map((c) => c.textContent));
    expect(citations).toEqual([["6 Variances", "7 Records"], ["Page 4"]]);
    expect(within(documents[0]!).getAllByTestId("kb-citation")[0]).toHaveAttribute("title", "Cycle Count SOP › 6 Variances");

    const passages = within(screen.getByRole("list", { name: "Passages" })).getAllByTestId("kb-passage");
    expect(passages.map((p) => within(p).getByTestId("kb-passage-source").textContent)).toEqual([
      "cycle-count-sop.md › Cycle Count SOP › 6 Variances",
      "Northline carrier contract.pdf › Page 4",
      "cycle-count-sop.md › Cycle Count SOP › 7 Records",
      "cycle-count-sop.md › Cycle Count SOP › 6 Variances",
    ]);
    expect(passages.map((p) => within(p).getByTestId("kb-passage-score").textContent)).toEqual(["Score 0.91", "Score 0.50", "Score 0.41", "Score 0.33"]);
    expect(within(passages[0]!).getByTestId("kb-passage-score")).toHaveAttribute("title", "How well it answers the question, from 0 to 1");
    expect(within(passages[2]!).getByTestId("kb-passage-text").textContent).toBe("Count sheets are kept for two years.");
    expect(screen.getByTestId("kb-ranking").textContent).toBe("Ranked by words and meaning");
  });

  it("opens a referenced document in the side panel's file viewer", async () => {
    render(<KnowledgeCard invocation={done(examples.found, examples.input, "m-kb")} />);
    await expand();
    await userEvent.click(screen.getByRole("button", { name: "Open Northline carrier contract.pdf in the file viewer" }));
    const { open, activeId, registered } = useArtifacts.getState();
    expect(activeId).toBe("kb-document-file-contract");
    expect(open).toEqual([
      {
        id: "kb-document-file-contract",
        type: "file-display",
        title: "Northline carrier contract.pdf",
        props: {
          fileId: "file-contract",
          fileName: "Northline carrier contract.pdf",
          mimeType: "application/pdf",
          previewUrl: "/api/file-app/v1/file/view/tok2/Northline%20carrier%20contract.pdf",
          downloadUrl: "/api/file-app/v1/file/view/tok2/Northline%20carrier%20contract.pdf?download=1",
        },
      },
    ]);
    expect(registered["m-kb"]?.map((a) => a.id)).toEqual(["kb-document-file-contract"]);

    await userEvent.click(screen.getByRole("button", { name: "Open cycle-count-sop.md in the file viewer" }));
    expect(useArtifacts.getState().open.map((a) => a.title)).toEqual(["Northline carrier contract.pdf", "cycle-count-sop.md"]);
    expect(useArtifacts.getState().activeId).toBe("kb-document-file-cycle");
  });

  it("says 'No documents found for this query' when nothing matched, still naming what it searched", async () => {
    render(<KnowledgeCard invocation={done(examples.empty, { message: examples.empty.message })} />);
    expect(title()).toBe("Knowledge base: What is the policy on drone deliveries?");
    expect(status()).toBe("No documents found for this query");
    await expand();
    expect(screen.getByTestId("kb-none").textContent).toBe("No documents found for this query");
    expect(screen.getByTestId("kb-base-id").textContent).toBe("ID kb-0193a7e25c1d7a409b1e6f2d4c8a1b00");
    expect(screen.queryByRole("list", { name: "Referenced documents" })).toBeNull();
    expect(screen.queryByRole("list", { name: "Passages" })).toBeNull();
  });

  it("reads a stored chat's older result: a passage's source named `source` or `document`", async () => {
    const older = {
      success: true,
      kbId: ["kb-7"],
      results: [
        { content: "Hazmat placards go on all four sides.", score: 0.8, source: { name: "hazmat.md", section: "Placards" } },
        { content: "Dock plates are checked every shift.", document: "dock-safety.md" },
      ],
    };
    render(<KnowledgeCard invocation={done(older, { message: "placards", kbId: "kb-7" })} />);
    await expand();
    expect(screen.getAllByTestId("kb-document-name").map((d) => d.textContent)).toEqual(["hazmat.md", "dock-safety.md"]);
    expect(screen.getByTestId("kb-base-id").textContent).toBe("ID kb-7");
    expect(screen.queryByTestId("kb-ranking")).toBeNull();
    expect(screen.getAllByTestId("kb-passage-score")).toHaveLength(1);
  });

  it("says a failure: the error of a failed call, open, with what it asked; a result that says it failed", () => {
    const { rerender } = render(<KnowledgeCard invocation={toolCall("queryKnowledgeBase", "failed", { input: examples.input, errorText: examples.failed })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(title(), "the card keeps its own title").toBe("Knowledge base: What does the cycle count SOP say about variances?");
    expect(screen.getByRole("alert").textContent).toBe(examples.failed);
    expect(screen.getByTestId("kb-asked-question").textContent).toBe("What does the cycle count SOP say about variances?");
    expect(screen.getByTestId("kb-asked-ids").textContent).toBe("kb-0193a7e25c1d7a409b1e6f2d4c8a1b00, kb-0193a7e25c1d7a409b1e6f2d4c8a1b99");
    rerender(<KnowledgeCard invocation={done({ success: false, error: "Knowledge base not found: Contracts" })} />);
    expect(screen.getByRole("alert").textContent).toBe("Knowledge base not found: Contracts");
  });

  it("shows a result of another shape as raw JSON", async () => {
    render(<KnowledgeCard invocation={done({ answer: "42" })} />);
    await expand();
    expect(JSON.parse(screen.getByTestId("kb-raw").textContent ?? "")).toEqual({ answer: "42" });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows passages, names and sections holding HTML as inert text, cut with Show more, isolated and wrapping", async () => {
    const hostile = examples.hostile;
    const found = {
      ...examples.found,
      message: "<script>alert(4)</script>",
      knowledgeBases: [{ id: "kb-x", name: "<b>SOPs</b>\u202E", scope: "company" as const }],
      results: [{ ...examples.found.results[0]!, content: hostile, source_document: { ...examples.found.results[0]!.source_document, name: "<img src=y onerror=alert(3)>.md", section: "<i>4</i>" } }],
    };
    const { container } = render(<KnowledgeCard invocation={done(found, { message: "<script>alert(4)</script>" })} />);
    expect(title()).toBe("Knowledge base: <script>alert(4)</script>");
    await expand();
    expect(container.querySelector("img, script, b, i")).toBeNull();
    const text = screen.getByTestId("kb-passage-text");
    expect(text.textContent).toBe(`${hostile.slice(0, 300)}…`);
    expect(text).toHaveAttribute("dir", "auto");
    expect(text).toHaveClass("whitespace-pre-wrap", "wrap-anywhere", "min-w-0");
    expect(screen.getByTestId("kb-document-name").textContent).toBe("<img src=y onerror=alert(3)>.md");
    expect(screen.getByTestId("kb-document-name")).toHaveAttribute("dir", "auto");
    expect(screen.getByTestId("kb-base-name").textContent).toBe("<b>SOPs</b>\u202E");
    expect(screen.getByTestId("kb-base-name")).toHaveAttribute("dir", "auto");

    await userEvent.click(screen.getByRole("button", { name: "Show more" }));
    expect(text.textContent).toBe(hostile);
    expect(text).toHaveClass("max-h-80", "overflow-y-auto");
    expect(container.querySelector("img, script, b, i")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Show less" }));
    expect(text.textContent).toBe(`${hostile.slice(0, 300)}…`);
    expect(screen.getByTestId("tool-card")).toHaveClass("w-full", "max-w-xl", "overflow-hidden");
  });

  it("reads in Japanese", async () => {
    await chooseLanguage("ja");
    render(<KnowledgeCard invocation={done(examples.found)} />);
    expect(title()).toBe("ナレッジベース：What does the cycle count SOP say about variances?");
    expect(status()).toBe("4 件の抜粋");
    await expand();
    expect(screen.getByRole("list", { name: "参照ドキュメント" })).toBeVisible();
    expect(screen.getAllByTestId("kb-base-scope").map((s) => s.textContent)).toEqual(["会社", "個人"]);
    expect(screen.getAllByTestId("kb-citation")[2]!.textContent).toBe("4 ページ");
    expect(screen.getAllByTestId("kb-passage-score")[0]!.textContent).toBe("スコア 0.91");
    expect(screen.getByTestId("kb-ranking").textContent).toBe("語句と意味で順位付け");
    expect(screen.getByRole("button", { name: "Northline carrier contract.pdf をファイルビューアーで開く" })).toBeVisible();
  });

  it("says 'No documents found for this query' in German, with its score in German digits", async () => {
    await chooseLanguage("de");
    const { rerender } = render(<KnowledgeCard invocation={done(examples.empty)} />);
    expect(status()).toBe("Zu dieser Anfrage wurden keine Dokumente gefunden");
    rerender(<KnowledgeCard invocation={done(examples.found)} />);
    await expand();
    expect(screen.getAllByTestId("kb-passage-score")[0]!.textContent).toBe("Treffer 0,91");
  });
});
