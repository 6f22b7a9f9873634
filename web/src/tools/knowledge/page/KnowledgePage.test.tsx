import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { LoginResponse } from "../../../generated/LoginResponse";
import { chooseLanguage } from "../../../i18n";
import { FACILITIES } from "../../../test/adminServer";
import { fakeServer } from "../../../test/chatServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { type FakeBase, type FakeDocument, fakeKnowledgeServer, kbDocument, knowledgeBase } from "../test/knowledgeServer";
import { renderApp } from "../../../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const sessionWith = (roles: ("admin" | "agent")[]): LoginResponse => ({
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles }],
});
const admin = sessionWith(["admin"]);
const member = sessionWith([]);

const SOPS = knowledgeBase("kb-sops", "Facility SOPs", {
  scope: "company",
  description: "Standard operating procedures of the Ontario, Fontana and Savannah facilities.",
});
const CONTRACTS = knowledgeBase("kb-contracts", "My carrier contracts", { description: "Rates and detention terms." });

const VARIANCES = "A variance outside ±2% or $250 per SKU-location is recounted blind by a second counter within 4 hours.";
const DOCUMENTS: FakeDocument[] = [
  kbDocument("kb-sops", "doc-cycle", "cycle-count-sop.md", {
    size: 2_150,
    createdAt: Date.UTC(2026, 10, 20, 14, 5),
    passages: [
      { content: VARIANCES, section: "Cycle Count SOP › 6 Variances" },
      { content: "Count sheets are kept for two years.", section: "Cycle Count SOP › 7 Records" },
    ],
  }),
  kbDocument("kb-sops", "doc-hazmat", "hazmat-handling-sop.pdf", {
    mediaType: "application/pdf",
    size: 1_572_864,
    pages: 6,
    createdAt: Date.UTC(2026, 10, 19, 9, 0),
    passages: [{ content: "Placards go on all four sides of the trailer.", page: 3 }],
    notice: "Indexed for word search only: the embedding model did not answer. Its passages are embedded later.",
  }),
  kbDocument("kb-contracts", "doc-northline", "northline-contract.docx", {
    mediaType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    passages: [{ content: "Detention after two free hours is billed at $75 an hour." }],
  }),
];

afterEach(() => vi.unstubAllGlobals());

type Open = { session?: LoginResponse; bases?: FakeBase[]; documents?: FakeDocument[]; path?: string } & Partial<Omit<Parameters<typeof fakeKnowledgeServer>[0], "bases" | "documents">>;

/** The knowledge page, signed in with `session`, against the fake knowledge API. */
async function openKnowledge({ session = admin, bases = [SOPS, CONTRACTS], documents = DOCUMENTS, path = "/admin/knowledge", ...options }: Open = {}) {
  useAuthStore.getState().signIn(session);
  const knowledge = fakeKnowledgeServer({ bases, documents, admin: session === admin, ...options });
  const calls = mockFetch(fakeServer({ session, override: knowledge.handler }).handler);
  const app = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Knowledge bases" }, { timeout: 5000 });
  return { ...app, calls, knowledge, user: userEvent.setup() };
}

const listItems = () => screen.findAllByTestId("kb-list-item", {}, { timeout: 5000 });
const documentRows = () => screen.getAllByTestId("kb-document-row");
const documentRow = (name: string) => documentRows().find((r) => within(r).getByTestId("kb-document-name").textContent?.startsWith(name))!;
const names = () => documentRows().map((r) => within(r).getByTestId("kb-document-name").textContent);
const shownBase = () => screen.getByTestId("kb-detail");
const waitForDocuments = () => waitFor(() => expect(documentRows().length).toBeGreaterThan(0), { timeout: 5000 });
const kbCalls = (calls: Call[], method: string, pathPart = "/api/knowledge-bases") => calls.filter((c) => c.method === method && c.path.startsWith(pathPart));
const file = (name: string, text = "# Title\n\nSome words.", type = "text/markdown") => new File([text], name, { type });

describe("the knowledge page", { timeout: 30_000 }, () => {
  it("lists the knowledge bases, the company's first, shows the first, and another when chosen", async () => {
    const { router, user } = await openKnowledge();
    const items = await listItems();
    expect(within(screen.getByRole("list", { name: "Knowledge bases" })).getAllByTestId("kb-list-item")).toHaveLength(2);
    expect(items.map((i) => within(i).getByTestId("kb-list-name").textContent)).toEqual(["Facility SOPs", "My carrier contracts"]);
    expect(items.map((i) => within(i).getByTestId("kb-scope").textContent)).toEqual(["Company", "Personal"]);
    expect(within(items[0]!).getByTestId("kb-list-counts").textContent).toBe("2 documents · 2 ready · 3 passages");
    expect(within(items[1]!).getByTestId("kb-list-counts").textContent).toBe("1 document · 1 ready · 1 passage");
    expect(items[0]).toHaveTextContent("Standard operating procedures of the Ontario, Fontana and Savannah facilities.");
    expect(screen.getByRole("button", { name: "Facility SOPs" })).toHaveAttribute("aria-current", "true");
    expect(screen.getByText(/everyone in Demo Logistics can search/)).toBeVisible();

    await waitForDocuments();
    expect(within(shownBase()).getByRole("heading", { level: 2, name: "Facility SOPs" })).toBeVisible();
    expect(names()).toEqual(["cycle-count-sop.md (opens in a new tab)", "hazmat-handling-sop.pdf (opens in a new tab)"]);
    const cycle = within(documentRow("cycle-count-sop.md"));
    const link = cycle.getByRole("link", { name: "cycle-count-sop.md (opens in a new tab)" });
    expect(link).toHaveAttribute("href", "/api/file-app/v1/file/view/tok-doc-cycle/cycle-count-sop.md");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
    expect(cycle.getByTestId("kb-document-facts").textContent).toMatch(/^2\.10 KBMarkdown2 passagesAdded Nov 20, 2026/);
    expect(cycle.getByTestId("kb-status-badge").textContent).toBe("Ready");
    const hazmat = within(documentRow("hazmat-handling-sop.pdf"));
    expect(hazmat.getByTestId("kb-document-facts").textContent).toMatch(/^1\.50 MBPDF6 pages1 passageAdded Nov 19, 2026/);
    expect(hazmat.getByTestId("kb-document-notice").textContent).toBe("Indexed for word search only: the embedding model did not answer. Its passages are embedded later.");

    await user.click(screen.getByRole("button", { name: "My carrier contracts" }));
    expect(router.state.location.search).toBe("?kb=kb-contracts");
    await waitFor(() => expect(names()).toEqual(["northline-contract.docx (opens in a new tab)"]));
    expect(within(documentRow("northline-contract.docx")).getByTestId("kb-document-facts").textContent).toMatch(/^2\.00 KBWord1 passage/);
    expect(screen.getByRole("button", { name: "My carrier contracts" })).toHaveAttribute("aria-current", "true");
  });

  it("opens on the knowledge base the address names", async () => {
    await openKnowledge({ path: "/admin/knowledge?kb=kb-contracts" });
    await waitForDocuments();
    expect(within(shownBase()).getByRole("heading", { level: 2 }).textContent).toBe("My carrier contracts");
  });

  it("lets an administrator create the company's knowledge base, choosing whose it is, and says the server's refusal", async () => {
    const { calls, user, router } = await openKnowledge();
    await listItems();
    await user.click(screen.getByRole("button", { name: "New knowledge base" }));
    const dialog = screen.getByRole("dialog", { name: "New knowledge base" });
    const name = within(dialog).getByRole("textbox", { name: "Name" });
    expect(name).toHaveFocus();
    expect(name).toHaveAttribute("dir", "auto");
    expect(within(dialog).getByRole("radio", { name: "Personal" })).toBeChecked();
    expect(within(dialog).getByRole("radio", { name: "Company" })).toHaveAccessibleDescription("Everyone in Demo Logistics; only administrators change it");

    // Empty: said in the form, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(within(dialog).getByText("Give the knowledge base a name.")).toBeVisible();
    expect(kbCalls(calls, "POST")).toEqual([]);

    // A name the company already has: the server's sentence, word for word.
    await user.type(name, "Facility SOPs");
    await user.click(within(dialog).getByRole("radio", { name: "Company" }));
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent('There is already a knowledge base named "Facility SOPs"');

    await user.clear(name);
    await user.type(name, "  Safety bulletins ");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "Monthly safety bulletins from the EHS team.");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(kbCalls(calls, "POST").at(-1)!.body).toEqual({ name: "Safety bulletins", description: "Monthly safety bulletins from the EHS team.", scope: "company" });
    expect(screen.getByTestId("action-notice")).toHaveTextContent("“Safety bulletins” was created. Add documents to it.");
    await waitFor(() => expect(within(shownBase()).getByRole("heading", { level: 2 }).textContent).toBe("Safety bulletins"));
    expect(router.state.location.search).toMatch(/^\?kb=kb-new-/);
    expect((await listItems()).map((i) => within(i).getByTestId("kb-list-name").textContent)).toEqual(["Facility SOPs", "Safety bulletins", "My carrier contracts"]);
    expect(await screen.findByTestId("kb-no-documents")).toHaveTextContent("No documents yet.");
  });

  it("lets a member create only their own, and shows them the company's read-only", async () => {
    const { calls, user } = await openKnowledge({ session: member });
    await listItems();
    await waitForDocuments();
    const sops = within(screen.getAllByTestId("kb-list-item")[0]!);
    expect(sops.getByTestId("kb-read-only")).toHaveTextContent("Read-only");
    expect(within(shownBase()).getByTestId("kb-read-only")).toHaveAttribute("title", "Only administrators change the company's knowledge bases.");
    expect(within(shownBase()).queryByLabelText("Add documents")).toBeNull();
    expect(within(shownBase()).queryByRole("button", { name: "Remove" })).toBeNull();
    expect(within(shownBase()).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(within(shownBase()).queryByRole("button", { name: "Delete" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "My carrier contracts" }));
    await waitFor(() => expect(within(shownBase()).getByLabelText("Add documents")).toBeInTheDocument());
    expect(within(shownBase()).queryByTestId("kb-read-only")).toBeNull();

    await user.click(screen.getByRole("button", { name: "New knowledge base" }));
    const dialog = screen.getByRole("dialog", { name: "New knowledge base" });
    expect(within(dialog).queryByRole("radio")).toBeNull();
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "My notes");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(kbCalls(calls, "POST")[0]!.body).toEqual({ name: "My notes" });
  });

  it("uploads each file, then adds it; a file the server cannot read says its sentence, the others go in", async () => {
    const sentence = '"scanned-receipt.pdf" is not a kind of document that can be indexed; use PDF, Word (.docx), Markdown, HTML, plain text and CSV';
    const { calls, user, knowledge } = await openKnowledge({ unreadable: (name) => (name === "scanned-receipt.pdf" ? sentence : undefined) });
    await waitForDocuments();
    const input = within(shownBase()).getByLabelText("Add documents");
    expect(input).toHaveAttribute("accept", ".pdf,.docx,.md,.markdown,.html,.htm,.txt,.csv");
    expect(input).toHaveAccessibleDescription(/^PDF, Word \(\.docx\), Markdown, HTML, plain text or CSV\./);
    await user.upload(input, [file("receiving-checklist.md"), file("scanned-receipt.pdf", "not a pdf", "application/pdf"), file("dock-rules.txt", "Chock the wheels.", "text/plain")]);

    const uploads = within(screen.getByRole("list", { name: "Files being added" }));
    await waitFor(() => expect(uploads.getAllByTestId("kb-upload").map((u) => u.dataset.stage)).toEqual(["added", "refused", "added"]), { timeout: 5000 });
    const refused = uploads.getAllByTestId("kb-upload")[1]!;
    expect(within(refused).getByTestId("kb-upload-name").textContent).toBe("scanned-receipt.pdf");
    expect(within(refused).getByRole("alert")).toHaveTextContent(sentence);
    expect(within(refused).getByTestId("kb-upload-stage")).toHaveTextContent("The file could not be added.");
    expect(uploads.getAllByTestId("kb-upload-stage")[0]).toHaveTextContent("Added");

    // Three uploads, then each file added on its own.
    expect(calls.filter((c) => c.path.startsWith("/api/file-app/v1/file/upload")).map((c) => new URL(c.path, "http://x").searchParams.get("filename"))).toEqual([
      "receiving-checklist.md",
      "scanned-receipt.pdf",
      "dock-rules.txt",
    ]);
    expect(kbCalls(calls, "POST", "/api/knowledge-bases/kb-sops/documents").map((c) => c.body)).toEqual([{ fileIds: ["upload-1"] }, { fileIds: ["upload-2"] }, { fileIds: ["upload-3"] }]);
    await waitFor(() => expect(names()).toContain("receiving-checklist.md (opens in a new tab)"));
    expect(names()).toContain("dock-rules.txt (opens in a new tab)");
    expect(names().some((n) => n?.startsWith("scanned-receipt.pdf"))).toBe(false);
    expect(within(documentRow("dock-rules.txt")).getByTestId("kb-status-badge").textContent).toBe("Queued");
    expect(knowledge.added("receiving-checklist.md")).toHaveLength(1);

    await user.click(screen.getByRole("button", { name: "Clear" }));
    expect(screen.queryByRole("list", { name: "Files being added" })).toBeNull();
  });

  it("takes files dropped on the drop zone", async () => {
    const { knowledge } = await openKnowledge();
    await waitForDocuments();
    const zone = screen.getByTestId("kb-drop-zone");
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    expect(zone).toHaveTextContent("Drop the files to add them");
    fireEvent.drop(zone, { dataTransfer: { files: [file("yard-map.html", "<h1>Yard</h1>", "text/html")] } });
    await waitFor(() => expect(screen.getByTestId("kb-upload")).toHaveAttribute("data-stage", "added"));
    expect(knowledge.added("yard-map.html")).toHaveLength(1);
    expect(zone).toHaveTextContent("or drop files here");
  });

  it("shows a document's progress while it is read and indexed, asking again every second, until it is ready", async () => {
    const reading = kbDocument("kb-sops", "doc-dock", "dock-safety-sop.pdf", { mediaType: "application/pdf", status: "extracting", done: 1, total: 4, chunks: 0, createdAt: Date.UTC(2026, 10, 21) });
    const { calls, knowledge } = await openKnowledge({ documents: [...DOCUMENTS, reading] });
    await waitForDocuments();
    const row = () => within(documentRow("dock-safety-sop.pdf"));
    const bar = row().getByRole("progressbar", { name: "Reading: dock-safety-sop.pdf" });
    expect(bar).toHaveAttribute("aria-valuenow", "1");
    expect(bar).toHaveAttribute("aria-valuemax", "4");
    expect(row().getByTestId("kb-document-status")).toHaveTextContent("Reading1 of 4 pages");

    knowledge.advance("doc-dock", { status: "indexing", done: 12, total: 30, pages: 4 });
    const indexing = await row().findByRole("progressbar", { name: "Indexing: dock-safety-sop.pdf" }, { timeout: 3000 });
    expect(indexing).toHaveAttribute("aria-valuenow", "12");
    expect(indexing).toHaveAttribute("aria-valuemax", "30");
    expect(row().getByTestId("kb-document-status")).toHaveTextContent("Indexing12 of 30 passages");

    knowledge.advance("doc-dock", { status: "ready", done: 30, total: 30, chunks: 30 });
    await waitFor(() => expect(row().getByTestId("kb-status-badge").textContent).toBe("Ready"), { timeout: 3000 });
    expect(row().queryByRole("progressbar")).toBeNull();
    expect(row().getByTestId("kb-document-facts").textContent).toMatch(/4 pages30 passages/);
    await waitFor(() => expect(within(screen.getAllByTestId("kb-list-item")[0]!).getByTestId("kb-list-counts").textContent).toBe("3 documents · 3 ready · 33 passages"));

    // Nothing pending: no more asking.
    const asked = kbCalls(calls, "GET", "/api/knowledge-bases/kb-sops").length;
    await new Promise((r) => setTimeout(r, 1_500));
    expect(kbCalls(calls, "GET", "/api/knowledge-bases/kb-sops")).toHaveLength(asked);
  });

  it("says why a document failed, and queues it again on Try again", async () => {
    const failed = kbDocument("kb-sops", "doc-locked", "locked-manual.pdf", {
      mediaType: "application/pdf",
      status: "failed",
      chunks: 0,
      error: "The PDF is protected by a password",
      createdAt: Date.UTC(2026, 10, 22),
    });
    const { calls, user } = await openKnowledge({ documents: [...DOCUMENTS, failed] });
    await waitForDocuments();
    const row = within(documentRow("locked-manual.pdf"));
    expect(row.getByTestId("kb-status-badge").textContent).toBe("Failed");
    expect(row.getByTestId("kb-document-error").textContent).toBe("The PDF is protected by a password");
    expect(row.getByTestId("kb-document-error")).toHaveAttribute("dir", "auto");
    expect(within(documentRow("cycle-count-sop.md")).queryByRole("button", { name: "Try again" })).toBeNull();
    await user.click(row.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(within(documentRow("locked-manual.pdf")).getByTestId("kb-status-badge").textContent).toBe("Queued"));
    expect(kbCalls(calls, "POST").map((c) => c.path)).toEqual(["/api/knowledge-bases/kb-sops/documents/doc-locked/retry"]);
    expect(screen.getByTestId("action-notice")).toHaveTextContent("“locked-manual.pdf” is queued again.");
    expect(within(documentRow("locked-manual.pdf")).queryByTestId("kb-document-error")).toBeNull();
  });

  it("removes a document only once confirmed", async () => {
    const { calls, user } = await openKnowledge();
    await waitForDocuments();
    await user.click(within(documentRow("hazmat-handling-sop.pdf")).getByRole("button", { name: "Remove" }));
    let dialog = screen.getByRole("alertdialog", { name: "Remove document" });
    expect(dialog).toHaveTextContent("“hazmat-handling-sop.pdf” is removed from “Facility SOPs”, with its file and its passages. The assistant can no longer quote it.");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(kbCalls(calls, "DELETE")).toEqual([]);

    await user.click(within(documentRow("hazmat-handling-sop.pdf")).getByRole("button", { name: "Remove" }));
    dialog = screen.getByRole("alertdialog", { name: "Remove document" });
    await user.click(within(dialog).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(documentRows()).toHaveLength(1));
    expect(kbCalls(calls, "DELETE").map((c) => c.path)).toEqual(["/api/knowledge-bases/kb-sops/documents/doc-hazmat"]);
    expect(screen.getByTestId("action-notice")).toHaveTextContent("“hazmat-handling-sop.pdf” was removed.");
  });

  it("renames a knowledge base and changes its description, sending only what changed", async () => {
    const { calls, user } = await openKnowledge({ path: "/admin/knowledge?kb=kb-contracts" });
    await waitForDocuments();
    await user.click(within(shownBase()).getByRole("button", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit knowledge base" });
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveValue("My carrier contracts");
    expect(within(dialog).queryByRole("radio")).toBeNull();
    await user.clear(within(dialog).getByRole("textbox", { name: "Description" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "Northline and Bayside rates.");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(kbCalls(calls, "PATCH").map((c) => [c.path, c.body])).toEqual([["/api/knowledge-bases/kb-contracts", { description: "Northline and Bayside rates." }]]);
    await waitFor(() => expect(within(shownBase()).getByTestId("kb-detail-description").textContent).toBe("Northline and Bayside rates."));
    expect(screen.getByTestId("action-notice")).toHaveTextContent("Changes saved.");
  });

  it("deletes a knowledge base only once confirmed, saying its documents and files go too", async () => {
    const { calls, user, router } = await openKnowledge({ path: "/admin/knowledge?kb=kb-sops" });
    await waitForDocuments();
    await user.click(within(shownBase()).getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("alertdialog", { name: "Delete knowledge base" });
    expect(dialog).toHaveTextContent("“Facility SOPs” is deleted with its 2 documents and their files. The assistant can no longer search it. This cannot be undone.");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getAllByTestId("kb-list-item")).toHaveLength(1));
    expect(kbCalls(calls, "DELETE").map((c) => c.path)).toEqual(["/api/knowledge-bases/kb-sops"]);
    expect(screen.getByTestId("action-notice")).toHaveTextContent("“Facility SOPs” was deleted.");
    expect(router.state.location.search).toBe("");
    await waitFor(() => expect(within(shownBase()).getByRole("heading", { level: 2 }).textContent).toBe("My carrier contracts"));
  });

  it("tries a question on the knowledge base shown: the passages with their source and score, or none", async () => {
    const { calls, user } = await openKnowledge();
    await waitForDocuments();
    const box = within(screen.getByRole("search", { name: "Try a question" }));
    const question = box.getByRole("searchbox", { name: "Question" });
    expect(box.getByRole("button", { name: "Search" })).toBeDisabled();
    await user.type(question, "variance recounted by a second counter");
    await user.click(box.getByRole("button", { name: "Search" }));
    const found = await screen.findByRole("list", { name: "Passages found" });
    const passages = within(found).getAllByTestId("kb-try-passage");
    expect(passages).toHaveLength(1);
    expect(within(passages[0]!).getByTestId("kb-try-source").textContent).toBe("cycle-count-sop.md › Cycle Count SOP › 6 Variances");
    expect(within(passages[0]!).getByTestId("kb-try-score").textContent).toBe("Score 1.00");
    expect(within(passages[0]!).getByTestId("kb-try-text").textContent).toBe(VARIANCES);
    expect(screen.getByTestId("kb-try-summary").textContent).toBe("1 passage, best first");
    expect(screen.getByTestId("kb-try-ranking").textContent).toBe("Ranked by words");
    const searched = kbCalls(calls, "GET", "/api/knowledge-bases/search").map((c) => Object.fromEntries(new URL(c.path, "http://x").searchParams));
    expect(searched).toEqual([{ q: "variance recounted by a second counter", kb: "kb-sops" }]);

    await user.clear(question);
    await user.type(question, "placards trailer sides{Enter}");
    await waitFor(() => expect(screen.getByTestId("kb-try-source").textContent).toBe("hazmat-handling-sop.pdf › page 3"));

    await user.clear(question);
    await user.type(question, "drone deliveries{Enter}");
    await waitFor(() => expect(screen.getByTestId("kb-try-summary").textContent).toBe("No documents found for this query"));
    expect(screen.queryByRole("list", { name: "Passages found" })).toBeNull();
  });

  it("invites a member with no knowledge base to create one, naming the demo's and what to ask", async () => {
    const { user } = await openKnowledge({ bases: [], documents: [] });
    const empty = await screen.findByTestId("kb-empty", {}, { timeout: 5000 });
    expect(within(empty).getByRole("heading", { name: "No knowledge bases yet" })).toBeVisible();
    expect(empty).toHaveTextContent("The demo company comes with “Facility SOPs”.");
    expect(empty).toHaveTextContent("“what does the cycle count SOP say about variances?”");
    await user.click(within(empty).getByRole("button", { name: "New knowledge base" }));
    expect(screen.getByRole("dialog", { name: "New knowledge base" })).toBeVisible();
  });

  it("shows names, descriptions and errors holding HTML as inert text, isolated and wrapping", async () => {
    const hostile = `<img src=x onerror=alert(1)><script>alert(2)</script>\u202E${"w".repeat(300)}`;
    const { container } = await openKnowledge({
      bases: [knowledgeBase("kb-x", hostile, { description: hostile })],
      documents: [kbDocument("kb-x", "doc-x", `${hostile}.md`, { status: "failed", error: hostile })],
    });
    await waitForDocuments();
    expect(within(shownBase()).getByTestId("kb-detail-name").textContent).toBe(hostile);
    expect(within(shownBase()).getByTestId("kb-detail-name")).toHaveAttribute("dir", "auto");
    expect(within(shownBase()).getByTestId("kb-detail-name").className).toContain("[overflow-wrap:anywhere]");
    expect(screen.getByTestId("kb-document-error").textContent).toBe(hostile);
    expect(screen.getByTestId("kb-list-name")).toHaveAttribute("dir", "auto");
    expect(container.querySelector("main img, main script")).toBeNull();
  });

  it("is reached from the user menu by every member", async () => {
    useAuthStore.getState().signIn(member);
    mockFetch(fakeServer({ session: member, override: fakeKnowledgeServer({ bases: [SOPS], documents: DOCUMENTS, admin: false }).handler }).handler);
    const { router } = renderApp("/");
    const user = userEvent.setup();
    // The chat page is a chunk of its own: the first import takes a moment.
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    expect(screen.getByRole("menuitem", { name: "Knowledge bases" })).toHaveAttribute("href", "/admin/knowledge");
    await user.click(screen.getByRole("menuitem", { name: "Knowledge bases" }));
    expect(router.state.location.pathname).toBe("/admin/knowledge");
    // The page is a chunk of its own: the first import takes a moment.
    expect(await screen.findByRole("heading", { level: 1, name: "Knowledge bases" }, { timeout: 5000 })).toBeVisible();
    await waitForDocuments();
    await user.click(screen.getByRole("link", { name: "Back to chat" }));
    expect(router.state.location.pathname).toBe("/");
  });

  it("reads in Simplified Chinese", async () => {
    await chooseLanguage("zh-CN");
    useAuthStore.getState().signIn(admin);
    const reading = kbDocument("kb-sops", "doc-dock", "dock-safety-sop.pdf", { status: "indexing", done: 3, total: 9, chunks: 0 });
    mockFetch(fakeServer({ session: admin, override: fakeKnowledgeServer({ bases: [SOPS, CONTRACTS], documents: [...DOCUMENTS, reading] }).handler }).handler);
    renderApp("/admin/knowledge");
    expect(await screen.findByRole("heading", { level: 1, name: "知识库" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole("button", { name: "新建知识库" })).toBeVisible();
    await waitForDocuments();
    expect(screen.getAllByTestId("kb-scope")[0]!.textContent).toBe("公司");
    expect(screen.getByRole("progressbar", { name: "正在建立索引：dock-safety-sop.pdf" })).toHaveAttribute("aria-valuenow", "3");
    expect(within(documentRow("dock-safety-sop.pdf")).getByTestId("kb-document-status")).toHaveTextContent("3 / 9 个段落");
    expect(screen.getByLabelText("添加文档")).toBeInTheDocument();
    expect(screen.getByRole("search", { name: "试着提个问题" })).toBeVisible();
  });
});
