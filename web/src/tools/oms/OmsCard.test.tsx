import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import { ToolCallAnswerableContext } from "../shell/toolCall";
import { OmsCard } from "./OmsCard";
import checks, { examples } from "./samples";

/** Opens the card, as a user clicks its header. */
const expand = () => userEvent.click(screen.getByTestId("tool-title"));

/** A table's body rows, cell by cell. */
const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));

const imported = (output: unknown, input: unknown = examples.importInput) => toolCall("oms-importOrders", "completed", { input, output });

describe("the order-management card", () => {
  it("is the card of every oms- tool", () => {
    for (const tool of ["oms-importOrders", "oms-getOrder", "oms-listOrders"]) {
      const { unmount } = render(<ToolPart invocation={toolCall(tool, "completed", { input: {}, output: { success: true, orders: [], rowErrors: [] } })} />);
      expect(screen.getByTestId("tool-title").textContent).toMatch(/^OMS /);
      unmount();
    }
  });

  it("titles an import 'OMS Import orders • {file} • Success' and shows the parameters, the order id, the message and the orders created", async () => {
    render(<OmsCard invocation={imported(examples.importSuccess)} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Import orders • week-48 orders.csv • Success");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Imported 3 orders with 7 lines from week-48 orders.csv for merchant M10042");
    await expand();

    const parameters = screen.getByTestId("oms-parameters");
    expect(parameters).toHaveTextContent("File link/api/file-app/v1/file/view/3f9c2a/week-48%20orders.csv");
    expect(parameters).toHaveTextContent("File nameweek-48 orders.csv");
    expect(parameters).toHaveTextContent("Merchant numberM10042");

    expect(screen.getByTestId("oms-order-id")).toHaveTextContent("ORD-00004811");
    expect(screen.getByTestId("oms-message")).toHaveTextContent("Imported 3 orders with 7 lines");
    expect(screen.getByTestId("oms-imported")).toHaveTextContent("Orders imported: 3Lines: 7");
    expect(screen.getByText("Orders created")).toBeVisible();
    expect(cells(screen.getByTestId("oms-created"))).toEqual([
      ["ORD-00004811", "SO-48001"],
      ["ORD-00004812", "SO-48002"],
      ["ORD-00004813", "SO-48003"],
    ]);
  });

  it("says when an import lists only the first of the orders it created", async () => {
    render(<OmsCard invocation={imported({ ...examples.importSuccess, imported: 120, lineCount: 300 })} />);
    await expand();
    expect(screen.getByText("Orders created: the first 3 of 120")).toBeVisible();
    expect(screen.getByTestId("oms-imported")).toHaveTextContent("Orders imported: 120");
  });

  it("shows a refused import as Failed, with its row errors and how many more there are", () => {
    render(<OmsCard invocation={imported(examples.importRowErrors)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title").textContent, "the card keeps its own title").toBe("OMS Import orders • week-48 orders.csv • Failed");
    expect(screen.getByTestId("tool-status").textContent).toBe("week-48 orders.csv was not imported: 104 rows have problems");
    expect(screen.getByRole("alert").textContent).toBe("week-48 orders.csv was not imported: 104 rows have problems");
    const table = screen.getByTestId("oms-row-errors");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Row", "Sales order id", "Column", "Message"]);
    expect(cells(table)).toEqual([
      ["3", "SO-48002", "Qty", "'two' is not a whole number"],
      ["7", "SO-48004", "Zip", "ZIP must be 5 digits"],
      ["12", "—", "SKU", "SKU-9999 is not a known item"],
    ]);
    expect(screen.getByTestId("oms-more-errors").textContent).toBe("and 101 more");
    expect(screen.getByTestId("oms-parameters")).toHaveTextContent("M10042");
  });

  it("shows success false without an error as Failed, with its message or 'Import failed'", () => {
    const { rerender } = render(<OmsCard invocation={imported({ success: false, message: "The merchant is on hold", orders: [], rowErrors: [] })} />);
    expect(screen.getByRole("alert").textContent).toBe("The merchant is on hold");
    rerender(<OmsCard invocation={imported({ success: false, orders: [], rowErrors: [] })} />);
    expect(screen.getByRole("alert").textContent).toBe("Import failed");
    expect(screen.getByTestId("tool-title").textContent).toMatch(/ • Failed$/);
  });

  it("shows an error field as Failed even beside success", () => {
    render(<OmsCard invocation={imported({ success: true, error: "Half the batch was refused", orders: [], rowErrors: [] })} />);
    expect(screen.getByRole("alert").textContent).toBe("Half the batch was refused");
    expect(screen.getByTestId("tool-title").textContent).toMatch(/ • Failed$/);
  });

  it("titles a lookup by its order and shows the order's status, ship-to address and lines", async () => {
    render(<OmsCard invocation={toolCall("oms-getOrder", "completed", { input: examples.getInput, output: examples.getOrder })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Get order • ORD-00004811 • Success");
    await expand();
    expect(screen.getByTestId("oms-parameters")).toHaveTextContent("Order idORD-00004811");
    expect(screen.getByTestId("oms-order-status")).toHaveTextContent("picking");
    const shipTo = screen.getByTestId("oms-ship-to");
    expect(shipTo).toHaveTextContent("Acme Outdoor");
    expect(shipTo).toHaveTextContent("1200 Harbor Blvd");
    expect(shipTo).toHaveTextContent("Reno, NV 89501");
    expect(screen.getByTestId("oms-order")).toHaveTextContent("Requested ship date2026-12-01");
    expect(cells(screen.getByTestId("oms-lines"))).toEqual([
      ["1", "CHAIR-FOLD-BLK", "Folding chair, black", "12 EA", "allocated"],
      ["2", "TABLE-6FT", "Six-foot table", "2 EA", "picked"],
    ]);
  });

  it("titles a lookup by sales order id when that is what was asked", () => {
    render(<OmsCard invocation={toolCall("oms-getOrder", "executing", { input: { salesOrderId: "SO-48001", merchantNo: "M10042" } })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Get order • SO-48001 • Processing");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Looking up the order…");
  });

  it("titles a list by its merchant and shows the orders as a table", async () => {
    render(<OmsCard invocation={toolCall("oms-listOrders", "completed", { input: examples.listInput, output: examples.listOrders })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS List orders • M10042 • Success");
    await expand();
    expect(screen.getByTestId("oms-parameters")).toHaveTextContent("At most3");
    const table = screen.getByTestId("oms-orders");
    expect(within(table).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Order id", "Sales order id", "Status", "Lines", "Ship date"]);
    expect(cells(table)[0]).toEqual(["ORD-00004813", "SO-48003", "open", "1", "2026-12-02"]);
    expect(cells(table)).toHaveLength(3);
  });

  it("says Processing while the tool runs", () => {
    render(<OmsCard invocation={toolCall("oms-listOrders", "executing", { input: examples.listInput })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS List orders • M10042 • Processing");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Listing the orders…");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
  });

  it("asks before importing, saying what it will import, and Approve answers it", async () => {
    const { actions } = renderInChat(<OmsCard invocation={toolCall("oms-importOrders", "approval", { input: examples.importInput, toolCallId: "call-imp" })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Import orders • week-48 orders.csv");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Waiting for your approval");
    const ask = screen.getByRole("group", { name: "OMS Import orders • week-48 orders.csv runs only if you approve it:" });
    expect(within(ask).getByTestId("oms-will")).toHaveTextContent("Import the orders in week-48 orders.csv for merchant M10042");
    expect(within(ask).getByTestId("oms-parameters")).toHaveTextContent("Merchant numberM10042");
    await userEvent.click(within(ask).getByRole("button", { name: "Approve" }));
    expect(actions.respond).toHaveBeenCalledWith("call-imp", { approved: true });
  });

  it("reads as denied, not processing, once the import is denied, and as not answered in an earlier message", () => {
    const { unmount } = renderInChat(<OmsCard invocation={toolCall("oms-importOrders", "denied", { input: examples.importInput })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Import orders • week-48 orders.csv");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Denied");
    unmount();
    render(
      <ToolCallAnswerableContext value={false}>
        <OmsCard invocation={toolCall("oms-importOrders", "approval", { input: examples.importInput })} />
      </ToolCallAnswerableContext>,
    );
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Import orders • week-48 orders.csv");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Not answered");
  });

  it("reads the file from the spec's other argument names (FileUrl, url)", async () => {
    const { unmount } = render(<OmsCard invocation={toolCall("oms-importOrders", "executing", { input: { FileUrl: "/api/files/abc/orders%20nov.xlsx", merchantNo: "M7" } })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Import orders • orders nov.xlsx • Processing");
    unmount();
    render(<OmsCard invocation={toolCall("oms-importOrders", "completed", { input: { url: "/api/files/abc/dec.csv", merchantNo: "M7" }, output: { success: true, orders: [], rowErrors: [] } })} />);
    await expand();
    expect(screen.getByTestId("oms-parameters")).toHaveTextContent("File link/api/files/abc/dec.csv");
  });

  it("treats a result that is text but not JSON as the error, and parses one that is JSON", () => {
    const { rerender } = render(<OmsCard invocation={imported(examples.notJson)} />);
    expect(screen.getByRole("alert").textContent).toBe("Gateway timeout: the order system did not answer within 30 s");
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Import orders • week-48 orders.csv • Failed");
    rerender(<OmsCard invocation={imported(JSON.stringify(examples.importSuccess))} />);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Import orders • week-48 orders.csv • Success");
  });

  it("says 'Operation failed: …' for a call that failed", () => {
    const { rerender } = render(<OmsCard invocation={toolCall("oms-getOrder", "failed", { input: examples.getInput, errorText: "oms-getOrder did not finish within 60 seconds" })} />);
    expect(screen.getByRole("alert").textContent).toBe("Operation failed: oms-getOrder did not finish within 60 seconds");
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS Get order • ORD-00004811 • Failed");
    rerender(<OmsCard invocation={toolCall("oms-getOrder", "failed", { input: examples.getInput })} />);
    expect(screen.getByRole("alert").textContent).toBe("Operation failed: Unknown error");
  });

  it("reads in Chinese", async () => {
    await chooseLanguage("zh-CN");
    render(<OmsCard invocation={imported(examples.importSuccess)} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("OMS 导入订单 • week-48 orders.csv • 成功");
  });

  it("shows what samples.ts says it shows of a golden sample", async () => {
    const samples = [
      ["oms-importOrders", examples.importSuccess, checks["oms-importOrders"]!],
      ["oms-getOrder", examples.getOrder, checks["oms-getOrder"]!],
      ["oms-listOrders", examples.listOrders, checks["oms-listOrders"]!],
    ] as const;
    for (const [tool, output, check] of samples) {
      const { unmount } = render(<ToolPart invocation={toolCall(tool, "completed", { input: {}, output })} />);
      await expand();
      for (const text of check(output)) expect(screen.getByTestId("tool-card")).toHaveTextContent(text);
      unmount();
    }
  });
});
