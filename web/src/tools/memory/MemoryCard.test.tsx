import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import { type MemoryTool, formatShortDateTime } from "./memory";
import { MemoryCard } from "./MemoryCard";
import checks, { examples } from "./samples";

const done = <N extends MemoryTool>(tool: N, output: unknown, input: unknown = {}) => toolCall(tool, "completed", { input, output });
const title = () => screen.getByTestId("tool-title").textContent;
const status = () => screen.getByTestId("tool-status").textContent;
const expand = () => userEvent.click(screen.getByRole("button", { expanded: false }));

describe("the memory card", () => {
  it.each<[MemoryTool, string, string, unknown, unknown]>([
    ["searchMemories", "Memory Search: UPS", "Found 3 memories", examples.search, examples.searchInput],
    ["saveMemory", "Save Memory", "Memory saved", examples.saved, examples.saveInput],
    ["deleteMemory", "Delete Memory", "Memory deleted", examples.deleted, examples.deleteInput],
  ])("titles %s '%s' with '%s', folded until clicked", async (tool, expectedTitle, line, output, input) => {
    render(<ToolPart invocation={done(tool, output, input)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", tool);
    expect(title()).toBe(expectedTitle);
    expect(status()).toBe(line);
    expect(screen.queryByTestId("tool-body")).toBeNull();
    await expand();
    expect(screen.getByTestId("tool-body")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { expanded: true }));
    expect(screen.queryByTestId("tool-body")).toBeNull();
  });

  it("titles a search by its query before the result, and says what it does while it runs", () => {
    const { rerender } = render(<MemoryCard invocation={toolCall("searchMemories", "executing", { input: { query: "dock 7" } })} />);
    expect(title()).toBe("Memory Search: dock 7");
    expect(status()).toBe("Searching memories…");
    rerender(<MemoryCard invocation={toolCall("searchMemories", "preparing")} />);
    expect(title()).toBe("Memory Search");
    rerender(<MemoryCard invocation={toolCall("saveMemory", "executing", { input: examples.saveInput, approval: { approved: true } })} />);
    expect(status()).toBe("Saving the memory…");
  });

  it("lists the memories found with their score, date, importance, source and whose they are", async () => {
    render(<MemoryCard invocation={done("searchMemories", examples.search, examples.searchInput)} />);
    await expand();
    expect(screen.getByTestId("memory-param-query").textContent).toBe("UPS");
    const items = within(screen.getByRole("list", { name: "Memories found" })).getAllByTestId("memory-item");
    expect(items).toHaveLength(3);
    const [first, second] = items.map((li) => within(li));
    expect(first!.getByTestId("memory-text").textContent).toBe("Our UPS cut-off is 4 pm.");
    expect(first!.getByTestId("memory-score").textContent).toBe("Score 0.87");
    expect(first!.getByTestId("memory-score")).toHaveAttribute("title", "How well it matches the search, from 0 to 1");
    expect(first!.getByTestId("memory-importance").textContent).toBe("High importance");
    expect(first!.getByTestId("memory-source").textContent).toBe("From chat");
    expect(first!.getByTestId("memory-type").textContent).toBe("Personal");
    const created = first!.getByTestId("memory-created");
    expect(created.textContent).toBe(`Saved ${formatShortDateTime("2026-11-20T14:05:00Z", "en")}`);
    expect(created).toHaveAttribute("datetime", "2026-11-20T14:05:00Z");
    expect(second!.getByTestId("memory-score").textContent).toBe("Score 0.50");
    expect(second!.getByTestId("memory-type").textContent).toBe("Company");
    expect(second!.getByTestId("memory-source").textContent).toBe("Added by hand");
    expect(second!.getByTestId("memory-importance").textContent).toBe("Medium importance");
  });

  it("cuts a memory at 80 characters with '…', the whole text in its tooltip and behind Show all", async () => {
    render(<MemoryCard invocation={done("searchMemories", examples.search, examples.searchInput)} />);
    await expand();
    expect(Array.from(examples.long).length).toBeGreaterThan(80);
    const row = within(screen.getAllByTestId("memory-item")[2]!);
    const text = row.getByTestId("memory-text");
    expect(text.textContent).toBe(`${examples.long.slice(0, 80).trimEnd()}…`);
    expect(Array.from(text.textContent!.slice(0, -1)).length).toBeLessThanOrEqual(80);
    expect(text).toHaveAttribute("title", examples.long);
    // The short ones are whole, with no tooltip and nothing to expand.
    expect(screen.getAllByTestId("memory-text")[0]).not.toHaveAttribute("title");
    expect(screen.getAllByTestId("memory-expand")).toHaveLength(1);

    await userEvent.click(row.getByRole("button", { name: "Show all" }));
    expect(text.textContent).toBe(examples.long);
    await userEvent.click(row.getByRole("button", { name: "Show less" }));
    expect(text.textContent).toBe(`${examples.long.slice(0, 80).trimEnd()}…`);
  });

  it("says 'No memories found' for an empty search", async () => {
    render(<MemoryCard invocation={done("searchMemories", examples.searchEmpty, { query: "FedEx" })} />);
    expect(title()).toBe("Memory Search: FedEx");
    expect(status()).toBe("No memories found");
    await expand();
    expect(screen.getByTestId("memory-none").textContent).toBe("No memories found");
    expect(screen.queryByTestId("memory-list")).toBeNull();
  });

  it("says 'Found 1 memory' for one", () => {
    render(<MemoryCard invocation={done("searchMemories", { ...examples.search, memories: [examples.search.memories[0]!] })} />);
    expect(status()).toBe("Found 1 memory");
  });

  it("shows the memory saved and the memory deleted", async () => {
    const { unmount } = render(<MemoryCard invocation={done("saveMemory", examples.saved, examples.saveInput)} />);
    await expand();
    const saved = within(screen.getByTestId("memory-saved"));
    expect(saved.getByText("Memory saved")).toBeInTheDocument();
    expect(saved.getByTestId("memory-text").textContent).toBe("Our UPS cut-off is 4 pm.");
    expect(saved.getByTestId("memory-importance").textContent).toBe("High importance");
    expect(saved.getByTestId("memory-type").textContent).toBe("Personal");
    expect(saved.queryByTestId("memory-score")).toBeNull();
    unmount();

    render(<MemoryCard invocation={done("deleteMemory", examples.deleted, examples.deleteInput)} />);
    await expand();
    const deleted = within(screen.getByTestId("memory-deleted"));
    expect(deleted.getByText("Memory deleted")).toBeInTheDocument();
    expect(deleted.getByTestId("memory-text").textContent).toBe("UPS pickups skip door 4 on Fridays.");
    expect(deleted.getByTestId("memory-type").textContent).toBe("Company");
  });

  it.each<[MemoryTool, string, unknown, string]>([
    ["searchMemories", "Failed to search memories", examples.searchInput, "Memory Search: UPS"],
    ["saveMemory", "Failed to add memory", examples.saveInput, "Save Memory"],
    ["deleteMemory", "Failed to delete memory", examples.deleteInput, "Delete Memory"],
  ])("says %s failed: '%s: {error}', open, with what it was asked", (tool, line, input, own) => {
    render(<MemoryCard invocation={toolCall(tool, "failed", { input, errorText: examples.failed })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(title(), "the card keeps its own title").toBe(own);
    expect(screen.getByRole("alert").textContent).toBe(`${line}: ${examples.failed}`);
    expect(screen.getByTestId("memory-parameters")).toBeInTheDocument();
  });

  it("says a failure the result reports, and 'Unknown error' when nothing says why", () => {
    const { rerender } = render(<MemoryCard invocation={done("saveMemory", { success: false, message: "There are already 1000 personal memories; delete some first" })} />);
    expect(screen.getByRole("alert").textContent).toBe("Failed to add memory: There are already 1000 personal memories; delete some first");
    rerender(<MemoryCard invocation={toolCall("deleteMemory", "failed", { input: examples.deleteInput })} />);
    expect(screen.getByRole("alert").textContent).toBe("Failed to delete memory: Unknown error");
    rerender(<MemoryCard invocation={done("searchMemories", { success: false, error: "query: too long" })} />);
    expect(screen.getByRole("alert").textContent).toBe("Failed to search memories: query: too long");
  });

  it("shows a result of another shape as raw JSON", async () => {
    render(<MemoryCard invocation={done("searchMemories", { query: "UPS", rows: [{ text: "x" }] })} />);
    expect(title()).toBe("Memory Search: UPS");
    await expand();
    expect(JSON.parse(screen.getByTestId("memory-raw").textContent ?? "")).toEqual({ query: "UPS", rows: [{ text: "x" }] });
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("asks before saving, showing the memory, its importance and type, and Approve answers it", async () => {
    const { actions } = renderInChat(<MemoryCard invocation={toolCall("saveMemory", "approval", { input: examples.saveInput, toolCallId: "call-save" })} />);
    expect(title()).toBe("Save Memory");
    expect(status()).toBe("Waiting for your approval");
    const ask = screen.getByRole("group", { name: "Save Memory runs only if you approve it:" });
    expect(within(ask).getByTestId("memory-approval-lead").textContent).toBe("Remembers this for you:");
    expect(within(ask).getByTestId("memory-param-content").textContent).toBe("Our UPS cut-off is 4 pm.");
    expect(within(ask).getByTestId("memory-param-importance").textContent).toBe("High");
    expect(within(ask).getByTestId("memory-param-memoryType").textContent).toBe("Personal");
    await userEvent.click(within(ask).getByRole("button", { name: "Approve" }));
    expect(actions.respond).toHaveBeenCalledWith("call-save", { approved: true });
  });

  it("names a company memory and the defaults the server fills in when asking", () => {
    renderInChat(<MemoryCard invocation={toolCall("saveMemory", "approval", { input: examples.saveSystemInput })} />);
    expect(screen.getByTestId("memory-approval-lead").textContent).toBe("Remembers this for everyone in your company:");
    expect(screen.getByTestId("memory-param-memoryType").textContent).toBe("Company");
    expect(screen.getByTestId("memory-param-importance").textContent).toBe("Medium");
  });

  it("asks before deleting, naming the memory's id, and Deny answers it with a reason", async () => {
    const { actions } = renderInChat(<MemoryCard invocation={toolCall("deleteMemory", "approval", { input: examples.deleteInput, toolCallId: "call-delete" })} />);
    const ask = screen.getByRole("group", { name: "Delete Memory runs only if you approve it:" });
    expect(within(ask).getByTestId("memory-approval-lead").textContent).toBe("Forgets this memory:");
    expect(within(ask).getByTestId("memory-param-memoryId").textContent).toBe("mem-2");
    await userEvent.type(within(ask).getByRole("textbox", { name: "Reason (optional)" }), "Keep it");
    await userEvent.click(within(ask).getByRole("button", { name: "Deny" }));
    expect(actions.respond).toHaveBeenCalledWith("call-delete", { approved: false, reason: "Keep it" });
  });

  it("reads as denied once the user said no, with what was asked and nothing about to run", async () => {
    renderInChat(<MemoryCard invocation={toolCall("saveMemory", "denied", { input: examples.saveInput, approval: { reason: "Not true" } })} />);
    expect(status()).toBe("Denied");
    await expand();
    expect(screen.getByTestId("denial-reason")).toHaveTextContent("Not true");
    expect(screen.getByTestId("memory-param-content").textContent).toBe("Our UPS cut-off is 4 pm.");
    expect(screen.queryByTestId("memory-approval-lead")).toBeNull();
  });

  it("shows a memory holding HTML as inert text that wraps within the card", async () => {
    const memory = examples.hostile;
    const search = { ...examples.search, memories: [{ ...examples.search.memories[0]!, memory }] };
    const { container, unmount } = render(<MemoryCard invocation={done("searchMemories", search)} />);
    await expand();
    expect(container.querySelector("img, script")).toBeNull();
    const shown = screen.getByTestId("memory-text");
    expect(shown.textContent).toBe(`<img src=x onerror=alert(1)>\u202E${"x".repeat(80 - 29)}…`);
    expect(shown).toHaveAttribute("dir", "auto");
    expect(shown).toHaveClass("wrap-anywhere", "whitespace-pre-wrap", "min-w-0");
    await userEvent.click(screen.getByRole("button", { name: "Show all" }));
    expect(shown.textContent).toBe(memory);
    expect(container.querySelector("img, script")).toBeNull();
    expect(screen.getByTestId("tool-card")).toHaveClass("w-full", "max-w-xl", "overflow-hidden");
    unmount();

    const saved = render(<MemoryCard invocation={done("saveMemory", { ...examples.saved, memory: { ...examples.saved.memory, memory } })} />);
    await expand();
    expect(saved.container.querySelector("img, script")).toBeNull();
    const text = screen.getByTestId("memory-text");
    expect(text.textContent).toBe(memory);
    expect(text).toHaveAttribute("dir", "auto");
    expect(text).toHaveClass("wrap-anywhere", "max-h-40", "overflow-auto");
    saved.unmount();

    // While it waits for approval, the whole text is there to read, in a box that scrolls.
    const asked = renderInChat(<MemoryCard invocation={toolCall("saveMemory", "approval", { input: { content: memory } })} />);
    expect(asked.container.querySelector("img, script")).toBeNull();
    const param = screen.getByTestId("memory-param-content");
    expect(param.textContent).toBe(memory);
    expect(param.querySelector("[dir=auto]")).toHaveClass("wrap-anywhere", "max-h-40", "overflow-auto");
  });

  it("reads in German", async () => {
    await chooseLanguage("de");
    render(<MemoryCard invocation={done("searchMemories", examples.search, examples.searchInput)} />);
    expect(title()).toBe("Gedächtnissuche: UPS");
    expect(status()).toBe("3 Erinnerungen gefunden");
    await expand();
    expect(screen.getAllByTestId("memory-score")[0]!.textContent).toBe("Treffer 0,87");
    expect(screen.getAllByTestId("memory-type")[1]!.textContent).toBe("Unternehmen");
  });

  it("says the three failures in Simplified Chinese", async () => {
    await chooseLanguage("zh-CN");
    const { rerender } = render(<MemoryCard invocation={toolCall("searchMemories", "failed", { errorText: "x" })} />);
    expect(screen.getByRole("alert").textContent).toBe("搜索记忆失败：x");
    rerender(<MemoryCard invocation={toolCall("saveMemory", "failed", { errorText: "x" })} />);
    expect(screen.getByRole("alert").textContent).toBe("添加记忆失败：x");
    rerender(<MemoryCard invocation={toolCall("deleteMemory", "failed", { errorText: "x" })} />);
    expect(screen.getByRole("alert").textContent).toBe("删除记忆失败：x");
  });

  it("shows what samples.ts says it shows of a result", async () => {
    const cases = [
      ["searchMemories", examples.search, checks.searchMemories!(examples.search)],
      ["searchMemories", examples.searchEmpty, checks.searchMemories!(examples.searchEmpty)],
      ["saveMemory", examples.saved, checks.saveMemory!(examples.saved)],
      ["deleteMemory", examples.deleted, checks.deleteMemory!(examples.deleted)],
    ] as const;
    for (const [tool, output, expected] of cases) {
      const { unmount } = render(<ToolPart invocation={done(tool, output)} />);
      await expand();
      for (const text of expected) expect(screen.getByTestId("tool-card").textContent, `${tool}: ${text}`).toContain(text);
      unmount();
    }
  });
});
