import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockFetch } from "../test/fetchMock";
import FileViewer from "./FileViewer";
import type { FileDisplayProps } from "./types";

const VIEW = "/api/file-app/v1/file/view/tok123";

function file(fileName: string, mimeType: string, extra: Partial<FileDisplayProps> = {}): FileDisplayProps {
  return { fileId: "f1", fileName, mimeType, size: 2048, previewUrl: `${VIEW}/${fileName}`, downloadUrl: `${VIEW}/${fileName}?download=1`, ...extra };
}

/** The viewer's frame (its title, the file name, is also the header's tooltip). */
const frame = () => document.querySelector("iframe");

/** The file service answering every view link with `body`. */
function serve(body: string, status = 200) {
  return mockFetch(() => new Response(body, { status }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the file viewer picks a viewer by type", () => {
  it("shows an image from its link", () => {
    render(<FileViewer {...file("dock.png", "image/png", { description: "Door 4" })} />);
    expect(screen.getByTestId("file-viewer")).toHaveAttribute("data-kind", "image");
    expect(screen.getByRole("img", { name: "Door 4" })).toHaveAttribute("src", `${VIEW}/dock.png`);
  });

  it("shows an image given inline in base64", async () => {
    const created = vi.fn(() => "blob:inline-image");
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    render(<FileViewer fileId="f2" fileName="dot.png" mimeType="image/png" base64Content="iVBORw0KGgo=" />);
    expect(await screen.findByRole("img", { name: "dot.png" })).toHaveAttribute("src", "blob:inline-image");
    expect(created).toHaveBeenCalledWith(expect.objectContaining({ type: "image/png" }));
  });

  it("plays a video", () => {
    const { container } = render(<FileViewer {...file("gate.webm", "video/webm")} />);
    const video = container.querySelector("video");
    expect(video).toHaveAttribute("src", `${VIEW}/gate.webm`);
    expect(video).toHaveAttribute("controls");
  });

  it("embeds a PDF", () => {
    render(<FileViewer {...file("bol.pdf", "application/pdf")} />);
    expect(frame()).toHaveAttribute("src", `${VIEW}/bol.pdf`);
    expect(frame()).toHaveAttribute("title", "bol.pdf");
  });

  it("shows plain text as written", async () => {
    serve("line one\n  indented two");
    render(<FileViewer {...file("picker.log", "text/plain")} />);
    expect(await screen.findByText(/line one/)).toHaveTextContent("line one indented two");
    expect(screen.getByTestId("file-viewer")).toHaveAttribute("data-kind", "text");
  });

  it("highlights code and offers to copy it", async () => {
    render(<FileViewer {...file("route.rs", "text/x-rust")} content={'fn main() { println!("dock 4"); }'} />);
    const block = await screen.findByTestId("code-block");
    expect(block).toHaveTextContent('println!("dock 4")');
    expect(within(block).getByText("rust")).toBeVisible();
    expect(within(block).getByRole("button", { name: "Copy code" })).toBeVisible();
  });

  it("gives any other type a download card with its size and type", () => {
    render(<FileViewer {...file("rates.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", { size: 1536 })} />);
    expect(screen.getByRole("status")).toHaveTextContent("Preview not supported for this file type");
    const card = screen.getByTestId("download-card");
    expect(card).toHaveTextContent("1.50 KB");
    expect(card).toHaveTextContent("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(within(card).getByRole("link", { name: "Download rates.xlsx" })).toHaveAttribute("href", `${VIEW}/rates.xlsx?download=1`);
  });
});

describe("markdown", () => {
  it("renders sanitised, and toggles to its source", async () => {
    serve("# Dock plan\n\n<script>window.__pwned = 1</script>\n\n**Door 4** opens at 6.");
    const { container } = render(<FileViewer {...file("plan.md", "text/markdown")} />);
    expect(await screen.findByRole("heading", { name: "Dock plan" })).toBeVisible();
    expect(container.querySelector("script")).toBeNull();
    expect(screen.getByText("Door 4").tagName).toBe("STRONG");
    expect(screen.getByRole("button", { name: "Rendered" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(screen.getByRole("button", { name: "Source" }));
    expect(screen.getByRole("button", { name: "Source" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByRole("heading", { name: "Dock plan" })).toBeNull();
    expect(await screen.findByTestId("code-block")).toHaveTextContent("**Door 4** opens at 6.");

    await userEvent.click(screen.getByRole("button", { name: "Rendered" }));
    expect(screen.getByRole("heading", { name: "Dock plan" })).toBeVisible();
  });
});

describe("HTML", () => {
  const page = '<html><head><title>Yard</title></head><body><h1>Yard map</h1><script>parent.__pwned = 1; document.title = "pwned"</script></body></html>';

  it("previews in a sandboxed frame that gets neither the app's origin nor scripts", async () => {
    serve(page);
    render(<FileViewer {...file("yard.html", "text/html")} />);
    await screen.findByRole("button", { name: "Preview" });
    const preview = frame();
    expect(preview).toHaveAttribute("title", "yard.html");
    expect(preview).toHaveAttribute("sandbox");
    const sandbox = preview?.getAttribute("sandbox") ?? "";
    expect(sandbox).not.toContain("allow-same-origin");
    expect(sandbox).not.toContain("allow-scripts");
    expect(preview).toHaveAttribute("srcdoc", page);
    expect(preview).not.toHaveAttribute("src");
    expect(document.title).not.toBe("pwned");
  });

  it("toggles between preview and code", async () => {
    serve(page);
    render(<FileViewer {...file("yard.html", "text/html")} />);
    expect(await screen.findByRole("button", { name: "Preview" })).toHaveAttribute("aria-pressed", "true");
    expect(frame()).not.toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Code" }));
    expect(frame()).toBeNull();
    expect(await screen.findByTestId("code-block")).toHaveTextContent("<h1>Yard map</h1>");
    await userEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(frame()).toHaveAttribute("sandbox", "");
  });
});

describe("copying code", () => {
  it("confirms for 2 s, then offers to copy again", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    render(<FileViewer {...file("query.sql", "application/sql")} content="select * from dock_doors;" />);
    const button = await screen.findByRole("button", { name: "Copy code" });

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith("select * from dock_doors;");
    expect(button).toHaveTextContent("Copied");
    act(() => vi.advanceTimersByTime(1999));
    expect(button).toHaveTextContent("Copied");
    act(() => vi.advanceTimersByTime(1));
    expect(button).toHaveTextContent("Copy code");
  });
});

describe("CSV", () => {
  it("pages a large table 100 rows at a time", async () => {
    const lines = ["sku,location,qty"];
    for (let i = 1; i <= 20_345; i += 1) lines.push(`SKU-${i},"Aisle ${i % 40}, bay ${i % 9}",${i}`);
    render(<FileViewer {...file("inventory.csv", "text/csv")} content={lines.join("\n")} />);

    const table = await screen.findByRole("table", {}, { timeout: 5000 });
    const rows = () => [...table.querySelectorAll("tbody tr")].map((r) => [...r.children].map((c) => c.textContent));
    expect([...table.querySelectorAll("thead th")].map((h) => h.textContent)).toEqual(["Row", "sku", "location", "qty"]);
    expect(rows()).toHaveLength(100);
    expect(rows()[0]).toEqual(["1", "SKU-1", "Aisle 1, bay 1", "1"]);
    const pager = screen.getByRole("navigation", { name: "Table pages" });
    expect(pager).toHaveTextContent("Rows 1–100 of 20,345");
    expect(pager).toHaveTextContent("Page 1 of 204");
    expect(screen.getByRole("button", { name: "Previous page" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "First page" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Next page" }));
    expect(pager).toHaveTextContent("Rows 101–200 of 20,345");
    expect(rows()[0]).toEqual(["101", "SKU-101", "Aisle 21, bay 2", "101"]);

    await userEvent.click(screen.getByRole("button", { name: "Last page" }));
    expect(pager).toHaveTextContent("Page 204 of 204");
    expect(pager).toHaveTextContent("Rows 20,301–20,345 of 20,345");
    expect(rows()).toHaveLength(45);
    expect(rows()[44]?.[1]).toBe("SKU-20345");
    expect(screen.getByRole("button", { name: "Next page" })).toBeDisabled();

    await userEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(pager).toHaveTextContent("Page 203 of 204");
    await userEvent.click(screen.getByRole("button", { name: "First page" }));
    expect(pager).toHaveTextContent("Page 1 of 204");
  });

  it("reads at most 10 MB of a table, and drops the row the cut went through", async () => {
    // 16 bytes, then 9-byte rows: the cut at 10 MiB falls 6 bytes into a row ("SKU-9,").
    const calls = mockFetch(() => new Response("sku,qty\nA,1\nB,2\n" + "SKU-9,12\n".repeat(1_300_000)));
    render(<FileViewer {...file("huge.csv", "text/csv")} />);
    expect(await screen.findByText(/Showing the first 10.00 MB of this file/, {}, { timeout: 10_000 })).toBeVisible();
    const table = await screen.findByRole("table", {}, { timeout: 10_000 });
    const pager = screen.getByRole("navigation", { name: "Table pages" });
    expect(pager).toHaveTextContent("of 1,165,084");
    await userEvent.click(screen.getByRole("button", { name: "Last page" }));
    const last = [...table.querySelectorAll("tbody tr")].at(-1);
    expect([...(last?.children ?? [])].map((c) => c.textContent)).toEqual(["1,165,084", "SKU-9", "12"]);
    expect(calls).toHaveLength(1);
  });
});

describe("when the preview cannot load", () => {
  it("says 'Failed to load preview' when the link answers an error", async () => {
    serve("gone", 404);
    render(<FileViewer {...file("manifest.csv", "text/csv")} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load preview");
    expect(screen.getByTestId("download-card")).toBeVisible();
  });

  it("says so when the network fails", async () => {
    mockFetch(() => Promise.reject(new TypeError("Failed to fetch")));
    render(<FileViewer {...file("notes.md", "text/markdown")} />);
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to load preview");
  });

  it("says so when an image does not load", () => {
    render(<FileViewer {...file("dock.png", "image/png")} />);
    fireEvent.error(screen.getByRole("img"));
    expect(screen.getByRole("alert")).toHaveTextContent("Failed to load preview");
  });

  it("fetches the capability link without the session's headers", async () => {
    const calls = serve("ok");
    render(<FileViewer {...file("a.txt", "text/plain")} />);
    await screen.findByText("ok");
    expect(calls.map((c) => c.path)).toEqual([`${VIEW}/a.txt`]);
    expect(calls[0]!.headers.has("Authorization")).toBe(false);
  });
});

describe("PDF fullscreen", () => {
  it("covers the window, and Escape brings it back without going further", async () => {
    render(<FileViewer {...file("bol.pdf", "application/pdf")} />);
    const view = screen.getByTestId("pdf-view");
    expect(view).toHaveAttribute("data-fullscreen", "false");

    await userEvent.click(screen.getByRole("button", { name: "Fullscreen" }));
    expect(view).toHaveAttribute("data-fullscreen", "true");
    expect(screen.getByRole("dialog", { name: "bol.pdf" })).toBe(view);

    const seen = vi.fn();
    document.addEventListener("keydown", seen);
    fireEvent.keyDown(document.body, { key: "Escape" });
    document.removeEventListener("keydown", seen);
    expect(view).toHaveAttribute("data-fullscreen", "false");
    expect(seen).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Fullscreen" })).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Fullscreen" }));
    await userEvent.click(screen.getByRole("button", { name: "Exit fullscreen" }));
    expect(view).toHaveAttribute("data-fullscreen", "false");
  });

  it("lets Escape through when not fullscreen", () => {
    render(<FileViewer {...file("bol.pdf", "application/pdf")} />);
    const seen = vi.fn();
    document.addEventListener("keydown", seen);
    fireEvent.keyDown(document.body, { key: "Escape" });
    document.removeEventListener("keydown", seen);
    expect(seen).toHaveBeenCalledOnce();
  });
});
