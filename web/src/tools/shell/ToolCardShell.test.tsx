import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useArtifacts } from "../../artifacts/store";
import { toolCall } from "../../test/toolCalls";
import { GenericToolCard } from "../generic/GenericToolCard";
import { bounded, cut } from "../../lib/text";
import { ToolCardShell } from "./ToolCardShell";

const artifact = { id: "file-f1", type: "file-display", title: "manifest.csv", props: { fileId: "f1", fileName: "manifest.csv" } };

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("the card shell", () => {
  it("registers a result's artifact for its message, and opens it in the panel on click", async () => {
    render(<GenericToolCard invocation={toolCall("displayFileTool", "completed", { input: { file: "manifest.csv" }, output: { success: true, artifact }, messageId: "m3" })} />);
    expect(useArtifacts.getState().registered.m3).toEqual([artifact]);
    expect(useArtifacts.getState().open).toEqual([]);
    expect(screen.getByRole("img", { name: "Open in the side panel" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button"));
    expect(useArtifacts.getState().open).toEqual([artifact]);
    expect(useArtifacts.getState().activeId).toBe("file-f1");
  });

  it("registers and opens the card's own artifact in place of the result's, once the call is done", async () => {
    const own = { ...artifact, props: { ...artifact.props, lang: "de" } };
    const card = (phase: "executing" | "completed") => (
      <ToolCardShell invocation={toolCall("displayFileTool", phase, { input: {}, output: { success: true, artifact }, messageId: "m3" })} icon={null} title="t" artifact={own} />
    );
    const { rerender } = render(card("executing"));
    expect(useArtifacts.getState().registered).toEqual({});
    rerender(card("completed"));
    expect(useArtifacts.getState().registered.m3).toEqual([own]);
    await userEvent.click(screen.getByRole("button"));
    expect(useArtifacts.getState().open).toEqual([own]);
  });

  it("registers nothing for a result without a valid artifact", () => {
    render(<GenericToolCard invocation={toolCall("x", "completed", { output: { artifact: { title: "no id" } } })} />);
    render(<GenericToolCard invocation={toolCall("y", "completed", { output: "text" })} />);
    expect(useArtifacts.getState().registered).toEqual({});
  });

  it("opens to show why when a running call fails", () => {
    const { rerender } = render(<GenericToolCard invocation={toolCall("slowTool", "executing", { input: {} })} />);
    expect(screen.getByRole("button")).toHaveAttribute("aria-expanded", "false");
    rerender(<GenericToolCard invocation={toolCall("slowTool", "failed", { input: {}, errorText: "Timed out after 60 s" })} />);
    expect(screen.getByRole("button")).toHaveAttribute("aria-expanded", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("Timed out after 60 s");
  });
});

describe("text helpers", () => {
  it("cut by characters, never inside a character", () => {
    expect(cut("short", 10)).toBe("short");
    expect(cut("数据仅供参考数据仅供参考", 6)).toBe("数据仅供参考…");
    expect(cut("🚚🚚🚚", 2)).toBe("🚚🚚…");
  });

  it("bound a preview by lines and characters", () => {
    expect(bounded("a\nb\nc", 2, 100)).toEqual({ text: "a\nb", hiddenLines: 1 });
    expect(bounded("x".repeat(50), 60, 10).text).toBe(`${"x".repeat(10)}…`);
  });
});
