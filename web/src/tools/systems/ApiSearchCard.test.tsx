import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import { ApiSearchCard } from "./ApiSearchCard";
import checks, { examples } from "./samples";

const searched = (output: unknown, query = "cancel an outbound order") => toolCall("apiSearch", "completed", { input: { query }, output });

/** Opens the card, as a user clicks its header. */
const expand = () => userEvent.click(screen.getByTestId("tool-title"));

describe("the API search card", () => {
  it("is the card of apiSearch", () => {
    render(<ToolPart invocation={searched(examples.searchHits)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", "apiSearch");
  });

  it("lists each API found with its method, path, similarity, summary, system and parameters with required marks", async () => {
    render(<ApiSearchCard invocation={searched(examples.searchHits)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("API search: cancel an outbound order");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("APIs found: 3");
    await expand();

    const hits = within(screen.getByRole("list", { name: "APIs found" })).getAllByTestId("api-hit");
    expect(hits).toHaveLength(3);
    const [cancel, list, remove] = hits as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(cancel).getByTestId("api-method")).toHaveTextContent("POST");
    expect(within(cancel).getByTestId("api-path")).toHaveTextContent("/v1/outbound/orders/{orderId}/cancel");
    expect(within(cancel).getByTestId("api-similarity")).toHaveTextContent("91%");
    expect(cancel).toHaveTextContent("Cancel an outbound order that has not shipped");
    expect(cancel).toHaveTextContent("demo-wms");
    expect(cancel).toHaveTextContent("cancelOrder");
    expect(cancel).toHaveTextContent("JSON body");
    expect(within(cancel).getByTestId("api-path-parameters")).toHaveTextContent("orderId* (required)");
    expect(within(cancel).queryByTestId("api-query-parameters")).toBeNull();

    // No summary: the description says what it does.
    expect(list).toHaveTextContent("List outbound orders, newest first");
    expect(within(list).getByTestId("api-query-parameters")).toHaveTextContent("statuscustomerNamepageSize");
    expect(within(list).getByTestId("api-query-parameters")).not.toHaveTextContent("required");

    expect(within(remove).getByTestId("api-query-parameters")).toHaveTextContent("merchantNo* (required)");
  });

  it("colours each method its own way", async () => {
    render(<ApiSearchCard invocation={searched(examples.searchHits)} />);
    await expand();
    const [post, get, del] = screen.getAllByTestId("api-method").map((badge) => badge.className);
    expect(new Set([post, get, del]).size).toBe(3);
    expect(get).toContain("sky");
    expect(del).toContain("rose");
  });

  it(`says 'No APIs found for "…"' when nothing matches`, async () => {
    render(<ApiSearchCard invocation={searched(examples.searchEmpty, "reefer plug-in temperatures")} />);
    expect(screen.getByTestId("tool-status").textContent).toBe('No APIs found for "reefer plug-in temperatures"');
    await expand();
    expect(screen.getByTestId("api-search-empty").textContent).toBe('No APIs found for "reefer plug-in temperatures"');
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says 'API search failed: …' for a search that reports a failure", () => {
    render(<ApiSearchCard invocation={searched(examples.searchFailed, "dock doors")} />);
    expect(screen.getByTestId("tool-title"), "only the call's failure card is 'Tool Call Failed'").toHaveTextContent("API search: dock doors");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("API search failed: no business system");
    expect(screen.getByRole("alert").textContent).toBe("API search failed: no business system named 'yard' (registered: demo-wms, demo-oms)");
  });

  it("says 'API search failed: …' once for a call that failed, whether or not the server's text already says it", () => {
    const { unmount } = render(
      <ApiSearchCard invocation={toolCall("apiSearch", "failed", { input: { query: "x" }, errorText: "API search failed: the store is not available" })} />,
    );
    expect(screen.getByRole("alert").textContent).toBe("API search failed: the store is not available");
    unmount();
    render(<ApiSearchCard invocation={toolCall("apiSearch", "failed", { input: { query: "x" }, errorText: "apiSearch did not finish within 30 seconds" })} />);
    expect(screen.getByRole("alert").textContent).toBe("API search failed: apiSearch did not finish within 30 seconds");
  });

  it("reads a result kept as JSON text, and says 'JSON parsing error' or 'Data processing error' for what it cannot read", async () => {
    const { unmount } = render(<ApiSearchCard invocation={searched(JSON.stringify(examples.searchHits))} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("APIs found: 3");
    unmount();

    const { unmount: again } = render(<ApiSearchCard invocation={searched("<html>502 Bad Gateway</html>")} />);
    expect(screen.getByRole("alert").textContent).toBe("JSON parsing error");
    again();

    render(<ApiSearchCard invocation={searched({ success: true, query: "x", apis: "none" })} />);
    expect(screen.getByRole("alert").textContent).toBe("Data processing error");
  });

  it("says it is searching while the search runs", () => {
    render(<ApiSearchCard invocation={toolCall("apiSearch", "executing", { input: { query: "inventory by item" } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("API search: inventory by item");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Searching the APIs…");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
  });

  it("reads in Chinese", async () => {
    await chooseLanguage("zh-CN");
    render(<ApiSearchCard invocation={searched({ ...examples.searchEmpty, query: "冷藏" }, "冷藏")} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("API 搜索：冷藏");
    expect(screen.getByTestId("tool-status").textContent).toBe("未找到与“冷藏”相关的 API");
  });

  it("shows what samples.ts says it shows of a golden sample", async () => {
    for (const output of [examples.searchHits, examples.searchEmpty]) {
      const { unmount } = render(<ToolPart invocation={toolCall("apiSearch", "completed", { input: {}, output })} />);
      await expand();
      for (const text of checks.apiSearch!(output)) expect(screen.getByTestId("tool-card")).toHaveTextContent(text);
      unmount();
    }
  });
});
