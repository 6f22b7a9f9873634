import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ArtifactsSide } from "../../artifacts/ArtifactsSide";
import { useArtifacts } from "../../artifacts/store";
import { mockFetch } from "../../test/fetchMock";
import { toolCall } from "../../test/toolCalls";
import { ToolPart, cardFor } from "../registry";
import { DisplayFileCard } from "./DisplayFileCard";

const VIEW = "/api/file-app/v1/file/view/tok9";

/** displayFileTool's result, as the server sends it. */
function shown(props: Record<string, unknown>) {
  const all = {
    fileId: "f-77",
    fileName: "manifest.csv",
    mimeType: "text/csv",
    size: 1536,
    description: "Inbound trailers for Tuesday",
    previewUrl: `${VIEW}/manifest.csv`,
    downloadUrl: `${VIEW}/manifest.csv?download=1`,
    thumbnailUrl: null,
    fileType: "csv",
    canPreview: true,
    ...props,
  };
  return { success: true, fileData: { type: "file-display", props: all }, artifact: { id: `file-${all.fileId}`, type: "file-display", title: all.fileName, props: all } };
}

const completed = (output: unknown) => toolCall("displayFileTool", "completed", { input: { file: "manifest.csv" }, output, messageId: "m7" });

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("the persisted-file card", () => {
  it("is the card of displayFileTool", () => {
    expect(cardFor("displayFileTool")).toBe(DisplayFileCard);
  });

  it("shows a skeleton while the call is prepared, then the file it looks for", () => {
    const { rerender } = render(<ToolPart invocation={toolCall("displayFileTool", "preparing")} />);
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Finding the file…");
    rerender(<ToolPart invocation={toolCall("displayFileTool", "executing", { input: { file: "manifest.csv" } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("manifest.csv");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Finding the file…");
  });

  it("opens to the file when the result arrives", () => {
    const { rerender } = render(<ToolPart invocation={toolCall("displayFileTool", "executing", { input: { file: "manifest.csv" }, messageId: "m7" })} />);
    expect(screen.getAllByRole("button")[0]).toHaveAttribute("aria-expanded", "false");
    rerender(<ToolPart invocation={completed(shown({}))} />);
    expect(screen.getAllByRole("button")[0]).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("button", { name: "Open manifest.csv in the file viewer" })).toBeVisible();
  });

  it("shows the file's name, type, size and description", () => {
    render(<ToolPart invocation={completed(shown({}))} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("manifest.csv");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("text/csv · 1.50 KB");
    const open = screen.getByRole("button", { name: "Open manifest.csv in the file viewer" });
    expect(open).toHaveTextContent("Inbound trailers for Tuesday");
    expect(within(open).queryByRole("img")).toBeNull();
  });

  it("opens the file in the side panel's viewer on click", async () => {
    render(<ToolPart invocation={completed(shown({}))} />);
    await userEvent.click(screen.getByRole("button", { name: "Open manifest.csv in the file viewer" }));
    const { open, activeId, registered } = useArtifacts.getState();
    expect(activeId).toBe("file-f-77");
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ type: "file-display", title: "manifest.csv", props: { fileId: "f-77", previewUrl: `${VIEW}/manifest.csv` } });
    expect(registered.m7?.map((a) => a.id)).toEqual(["file-f-77"]);
  });

  it("shows the file in the viewer beside the chat", async () => {
    const calls = mockFetch(() => new Response("trailer,door\nTR-1,4\nTR-2,7\n"));
    render(
      <>
        <ToolPart invocation={completed(shown({}))} />
        <ArtifactsSide chatId="c1" overlay={false} />
      </>,
    );
    await userEvent.click(screen.getByRole("button", { name: "Open manifest.csv in the file viewer" }));
    const viewer = await screen.findByTestId("file-viewer", {}, { timeout: 5000 });
    expect(viewer).toHaveAttribute("data-kind", "csv");
    const table = await within(viewer).findByRole("table");
    expect(table).toHaveTextContent("TR-2");
    expect(calls.map((c) => c.path)).toEqual([`${VIEW}/manifest.csv`]);
  });

  it("opens it from the header too, and registers it for its message as soon as it is there", async () => {
    render(<ToolPart invocation={completed(shown({}))} />);
    expect(useArtifacts.getState().registered.m7?.[0]?.id).toBe("file-f-77");
    expect(useArtifacts.getState().open).toHaveLength(0);
    await userEvent.click(screen.getAllByRole("button")[0]!);
    expect(useArtifacts.getState().activeId).toBe("file-f-77");
  });

  it("shows an image's thumbnail", () => {
    render(<ToolPart invocation={completed(shown({ fileName: "door.png", mimeType: "image/png", thumbnailUrl: "/api/file-app/v1/file/thumbnail/tok9" }))} />);
    const open = screen.getByRole("button", { name: "Open door.png in the file viewer" });
    expect(within(open).getByRole("presentation")).toHaveAttribute("src", "/api/file-app/v1/file/thumbnail/tok9");
  });

  it("does not load an image from elsewhere without a click", () => {
    render(<ToolPart invocation={completed(shown({ fileName: "door.png", mimeType: "image/png", previewUrl: "https://elsewhere.example/door.png" }))} />);
    expect(document.querySelector("img")).toBeNull();
  });

  it("shows the start of a file's inline text, cut at 500 characters", () => {
    render(<ToolPart invocation={completed(shown({ fileName: "notes.txt", mimeType: "text/plain", content: "x".repeat(800) }))} />);
    expect(screen.getByTestId("file-card-content").textContent).toBe(`${"x".repeat(500)}…`);
  });

  it("starts closed when the result says so", () => {
    render(<ToolPart invocation={completed(shown({ defaultExpanded: false }))} />);
    expect(screen.getAllByRole("button")[0]).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("button", { name: /Open manifest.csv/ })).toBeNull();
  });

  it("shows a file-processing failure when the call fails", () => {
    render(<ToolPart invocation={toolCall("displayFileTool", "failed", { input: { file: "nope.csv" }, errorText: 'No file "nope.csv" was found among your files' })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("File processing failed");
    expect(screen.getByTestId("tool-status")).toHaveTextContent('No file "nope.csv" was found among your files');
    expect(screen.getByRole("alert")).toHaveTextContent('No file "nope.csv" was found among your files');
  });

  it("shows a file-processing failure when the result reports one", () => {
    render(<ToolPart invocation={completed({ success: false, error: "The file store is not available right now" })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title")).toHaveTextContent("File processing failed");
    expect(screen.getByRole("alert")).toHaveTextContent("The file store is not available right now");
  });

  it("says the file could not be processed when the result names no file", () => {
    render(<ToolPart invocation={completed({ success: true, fileData: { props: { fileName: "" } } })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("File processing failed");
    expect(useArtifacts.getState().registered.m7).toBeUndefined();
  });
});
