import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { MAX_FILE_BYTES } from "../attachments";
import { InputBar, canSend } from "./InputBar";
import { TooLargeDialog } from "./TooLargeDialog";
import { useAttachments } from "./useAttachments";

/** A file that claims any size without allocating it. */
function fileOfSize(name: string, size: number, type = "application/octet-stream") {
  const file = new File(["x"], name, { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
}

function Harness({ running = false, onSend = vi.fn(), onStop = vi.fn() }: { running?: boolean; onSend?: (t: string) => void; onStop?: () => void }) {
  const { attachments, add, remove, clear, refused, dismissRefused } = useAttachments();
  const [sent, setSent] = useState<string[]>([]);
  return (
    <>
      <InputBar
        running={running}
        sending={false}
        attachments={attachments}
        onAddFiles={add}
        onRemoveFile={remove}
        onRemoveAllFiles={clear}
        onSend={(t) => {
          onSend(t);
          setSent((s) => [...s, t]);
        }}
        onStop={onStop}
      />
      <TooLargeDialog refused={refused} onClose={dismissRefused} />
      <output data-testid="sent">{sent.join("|")}</output>
    </>
  );
}

const box = () => screen.getByRole("textbox", { name: "Message" });

describe("sending rules", () => {
  it("needs non-blank text or a file, and no response running", () => {
    expect(canSend("  ", 0, false)).toBe(false);
    expect(canSend("hi", 0, false)).toBe(true);
    expect(canSend("", 1, false)).toBe(true);
    expect(canSend("hi", 1, true)).toBe(false);
  });
});

describe("input bar", () => {
  it("has the spec's placeholder, sends on Enter and breaks the line on Shift+Enter", async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    expect(box()).toHaveAttribute("placeholder", "Type a message or use voice...");
    await userEvent.type(box(), "Dock 4{Shift>}{Enter}{/Shift}status");
    expect(box()).toHaveValue("Dock 4\nstatus");
    await userEvent.keyboard("{Enter}");
    expect(onSend).toHaveBeenCalledWith("Dock 4\nstatus");
    expect(box()).toHaveValue("");
  });

  it("does not send while an input method is composing", () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    fireEvent.change(box(), { target: { value: "とうきょう" } });
    fireEvent.keyDown(box(), { key: "Enter", isComposing: true });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("disables Send for blank text and shows Stop while a response runs", async () => {
    const onStop = vi.fn();
    const { rerender } = render(<Harness />);
    expect(screen.getByRole("button", { name: "Send message" })).toBeDisabled();
    await userEvent.type(box(), "   ");
    expect(screen.getByRole("button", { name: "Send message" })).toBeDisabled();

    rerender(<Harness running onStop={onStop} />);
    expect(screen.queryByRole("button", { name: "Send message" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Stop generating" }));
    expect(onStop).toHaveBeenCalled();
  });

  it("has the voice button and the AI / live agent switch", () => {
    render(<Harness />);
    expect(screen.getByRole("button", { name: "Voice input" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "AI Assistant" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Live Agent" })).toHaveAttribute("aria-pressed", "false");
  });

  it("shows voice as not available yet, and still lets the keyboard reach it", () => {
    render(<Harness />);
    const button = screen.getByRole("button", { name: "Voice input" });
    expect(button).toHaveAttribute("aria-disabled", "true");
    expect(button).toHaveAccessibleDescription("Not available yet");
    expect(button).toHaveClass("cursor-not-allowed");
    // Focusable, unlike a disabled button, so its description is heard.
    button.focus();
    expect(button).toHaveFocus();
  });

  it("keeps the AI / live agent switch still where no live agent is wired in", () => {
    render(<Harness />);
    expect(screen.getByRole("button", { name: "Live Agent" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "AI Assistant" })).toHaveAttribute("aria-pressed", "true");
  });

  it("lists picked files with count, size and thumbnails, removes one or all, and sends with files only", async () => {
    const onSend = vi.fn();
    render(<Harness onSend={onSend} />);
    await userEvent.upload(screen.getByTestId("file-input"), [
      new File([new Uint8Array(2048)], "dock.png", { type: "image/png" }),
      new File([new Uint8Array(10)], "manifest.pdf", { type: "application/pdf" }),
    ]);
    expect(screen.getByText("2 file(s) selected")).toBeVisible();
    expect(screen.getByText("2.0 KB")).toBeVisible();
    expect(screen.getByText("10 Bytes")).toBeVisible();
    expect(screen.getByTestId("attachment-list").querySelectorAll("img")).toHaveLength(1);

    await userEvent.click(screen.getByRole("button", { name: "Remove dock.png" }));
    expect(screen.getByText("1 file(s) selected")).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    expect(onSend).toHaveBeenCalledWith("");

    await userEvent.upload(screen.getByTestId("file-input"), [new File(["a"], "a.txt"), new File(["b"], "b.txt")]);
    await userEvent.click(screen.getByRole("button", { name: "Remove all" }));
    expect(screen.queryByTestId("attachment-list")).toBeNull();
  });

  it("refuses a picked file over 100 MB with the picking alert, naming it", async () => {
    render(<Harness />);
    fireEvent.change(screen.getByTestId("file-input"), { target: { files: [fileOfSize("yard-video.mp4", MAX_FILE_BYTES + 1), fileOfSize("ok.txt", 3)] } });
    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("The following files are too large, please select files under 100MB:");
    expect(alert).toHaveTextContent("yard-video.mp4");
    expect(alert).not.toHaveTextContent("MB)");
    expect(screen.getByText("1 file(s) selected")).toBeVisible();
  });

  it("refuses a pasted file over 100 MB with the pasting alert, naming it with its size", async () => {
    render(<Harness />);
    const big = fileOfSize("scan.tiff", 101 * 1024 * 1024, "image/tiff");
    fireEvent.paste(box(), { clipboardData: { files: [big], types: ["Files"] } });
    const alert = await screen.findByRole("alertdialog");
    expect(alert).toHaveTextContent("The following files are too large (max 100MB):");
    expect(alert).toHaveTextContent("scan.tiff (101.0 MB)");
    await userEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
