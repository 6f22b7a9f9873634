import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import { ApiCallCard } from "./ApiCallCard";
import checks, { examples } from "./samples";

const called = (output: unknown, input: unknown = examples.listInput) => toolCall("apiCall", "completed", { input, output });

/** Opens the card, as a user clicks its header. */
const expand = () => userEvent.click(screen.getByTestId("tool-title"));

describe("the API call card", () => {
  it("is the card of apiCall", () => {
    render(<ToolPart invocation={called(examples.callSuccess)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", "apiCall");
  });

  it("shows the request, the status code, 'Total N records' and the response", async () => {
    render(<ApiCallCard invocation={called(examples.callSuccess)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("GET /v1/outbound/orders on demo-wms");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Status 200 · Total 40 records");
    await expand();

    const request = screen.getByRole("region", { name: "Request" });
    expect(within(request).getByTestId("api-method")).toHaveTextContent("GET");
    expect(within(request).getByTestId("api-query")).toHaveTextContent("status=openpageSize=3");
    expect(within(request).queryByTestId("api-body")).toBeNull();

    const response = screen.getByTestId("api-response");
    expect(within(response).getByTestId("api-summary").textContent).toBe("Total 40 records");
    expect(within(response).getByTestId("api-status")).toHaveTextContent("Status 200");
    // The records as a table, key columns first; the raw JSON one click away.
    const table = within(response).getByTestId("records-table");
    const headers = within(table).getAllByRole("columnheader").map((h) => h.textContent?.replace(/[▲▼↕]/g, ""));
    expect(headers).toEqual(["Order ID", "Sales order ID", "Customer name", "Status", "Requested ship date", "Line count"]);
    expect(within(table).getAllByRole("row")).toHaveLength(4);
    expect(within(table).getAllByRole("row")[3]).toHaveTextContent("ORD-00000003");
    expect(response).not.toHaveTextContent('"orderId"');
    await userEvent.click(within(response).getByRole("button", { name: "Raw JSON" }));
    expect(response).toHaveTextContent('"orderId": "ORD-00000003"');
    expect(response).toHaveTextContent('"totalCount": 40');
    await userEvent.click(within(response).getByRole("button", { name: "Show as table" }));
    expect(within(response).getByTestId("records-table")).toBeInTheDocument();
    expect(screen.queryByTestId("api-truncated")).toBeNull();
  });

  it("sorts the records by a column, ascending, descending, then as listed", async () => {
    render(<ApiCallCard invocation={called(examples.callSuccess)} />);
    await expand();
    const table = screen.getByTestId("records-table");
    const firstCells = () => within(table).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell")[3]!.textContent);
    expect(firstCells()).toEqual(["open", "open", "picking"]);
    const status = within(table).getByRole("button", { name: /^Status/ });
    await userEvent.click(status);
    expect(within(table).getByRole("columnheader", { name: /^Status/ })).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(status);
    expect(firstCells()).toEqual(["picking", "open", "open"]);
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("ORD-00000003");
    await userEvent.click(status);
    expect(within(table).getByRole("columnheader", { name: /^Status/ })).toHaveAttribute("aria-sort", "none");
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("ORD-00000001");
  });

  it("shows a long list's first 10 records and opens all of them in the side panel", async () => {
    const { useArtifacts } = await import("../../artifacts/store");
    render(<ApiCallCard invocation={called(examples.callTruncated)} />);
    await expand();
    expect(within(screen.getByTestId("records-table")).getAllByRole("row")).toHaveLength(11);
    expect(screen.getByTestId("records-count")).toHaveTextContent("Showing 10 of 120 records");
    await userEvent.click(screen.getByRole("button", { name: "Show all 120 in the side panel" }));
    const open = useArtifacts.getState().open.at(-1)!;
    expect(open).toMatchObject({ type: "records", title: "GET /v1/outbound/orders" });
    expect(open.props.records).toHaveLength(120);
  });

  it("shows a single record as labelled fields, nested values summarised", async () => {
    const trailer = {
      ...examples.callSuccess,
      operation: "getTrailer",
      path: "/v1/trailers/TRL-00042",
      summary: undefined,
      data: { id: "TRL-00042", number: "ODFL 482913", status: "in_yard", arrivedAt: "2026-11-20T08:30:00Z", carrier: { id: "CAR-015", name: "UPS" }, sealed: true, stops: [{ at: "door 7" }, { at: "door 9" }] },
    };
    render(<ApiCallCard invocation={called(trailer)} />);
    await expand();
    const fields = screen.getByTestId("record-view");
    const labels = within(fields).getAllByRole("term").map((d) => d.textContent);
    expect(labels).toEqual(["ID", "Number", "Status", "Arrived at", "Sealed", "Carrier", "Stops"]);
    const value = (label: string) => within(fields).getByText(label, { selector: "dt" }).nextElementSibling;
    expect(value("Carrier")).toHaveTextContent("UPS");
    expect(value("Sealed")).toHaveTextContent("Yes");
    expect(within(value("Stops") as HTMLElement).getByTestId("record-nested")).toHaveTextContent("door 9");
    await userEvent.click(screen.getByRole("button", { name: "Raw JSON" }));
    expect(screen.getByTestId("records-json")).toHaveTextContent('"sealed": true');
  });

  it("folds the response away and back", async () => {
    render(<ApiCallCard invocation={called(examples.callSuccess)} />);
    await expand();
    const response = screen.getByTestId("api-response");
    expect(response).toHaveAttribute("open");
    await userEvent.click(within(response).getByText("Response"));
    expect(response).not.toHaveAttribute("open");
    await userEvent.click(within(response).getByText("Response"));
    expect(response).toHaveAttribute("open");
  });

  it("shows the whole answer when the assistant was given it cut", async () => {
    render(<ApiCallCard invocation={called(examples.callTruncated)} />);
    await expand();
    const response = screen.getByTestId("api-response");
    await userEvent.click(within(response).getByRole("button", { name: "Raw JSON" }));
    expect(response).toHaveTextContent('"orderId": "ORD-00000120"');
    expect(response).not.toHaveTextContent("Showing 2 of 120 records");
    expect(screen.getByTestId("api-summary").textContent).toBe("Total 120 records");
    expect(screen.getByTestId("api-truncated")).toHaveTextContent("The assistant was given a shortened answer; the whole answer is shown here.");
  });

  it("says 'No response data available' for an answer without data", async () => {
    render(<ApiCallCard invocation={called(examples.callNoData, examples.cancelInput)} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Status 204");
    await expand();
    expect(screen.getByTestId("api-no-data")).toHaveTextContent("No response data available");
    expect(screen.queryByTestId("api-response")).toBeNull();
  });

  it("is the 'Tool Call Failed' card for arguments that do not fit: the error, the issues, the parameters passed and four fixes", () => {
    render(<ApiCallCard invocation={called(examples.callFailure, examples.badInput)} />);
    const card = screen.getByTestId("tool-card");
    expect(card).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title").textContent).toBe("Tool Call Failed");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("listOrders on demo-wms");
    expect(screen.getByRole("alert").textContent).toBe("The arguments do not fit GET /v1/outbound/orders (2 issues)");

    const issues = screen.getByRole("table");
    expect(within(issues).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Path", "Expected", "Received", "Message"]);
    const rows = within(issues).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell").map((c) => c.textContent))).toEqual([
      ["query.status", "one of open, allocated, picking, shipped, cancelled", '"opened"', "not an allowed value"],
      ["query.pageSize", "integer", '"three"', "wrong type"],
    ]);

    const passed = screen.getByTestId("api-parameters");
    expect(passed).toHaveTextContent("Parameters passed");
    expect(passed).toHaveTextContent('"status": "opened"');
    expect(passed, "parts that were not passed are left out").not.toHaveTextContent("pathParams");

    const fixes = within(screen.getByTestId("api-suggestions")).getAllByRole("listitem");
    expect(fixes).toHaveLength(4);
    expect(fixes[0]).toHaveTextContent("Fix each parameter listed in issues");
    expect(screen.getByText("Suggested fixes")).toBeVisible();
  });

  it("shows what a system answered when it refused the call", async () => {
    render(<ApiCallCard invocation={called(examples.callRefused, examples.cancelInput)} />);
    expect(screen.getByRole("alert").textContent).toBe("demo-wms answered 409 Conflict: Order ORD-00001234 has shipped");
    expect(screen.getByTestId("api-status")).toHaveTextContent("Status 409");
    expect(screen.queryByRole("table"), "no validation issues").toBeNull();
    const answer = screen.getByTestId("api-response");
    expect(answer).not.toHaveAttribute("open");
    await userEvent.click(within(answer).getByText("What demo-wms answered"));
    expect(answer).toHaveTextContent('"message": "Order ORD-00001234 has shipped"');
  });

  it("says 'API call failed: …' for a call that failed, once, and 'Unknown error' without text", () => {
    const failed = (errorText?: string) => toolCall("apiCall", "failed", { input: examples.listInput, errorText });
    const { rerender } = render(<ApiCallCard invocation={failed("apiCall did not finish within 60 seconds")} />);
    expect(screen.getByRole("alert").textContent).toBe("API call failed: apiCall did not finish within 60 seconds");
    expect(screen.getByTestId("api-request"), "what was asked stays in view").toHaveTextContent("status=open");
    rerender(<ApiCallCard invocation={failed("API call failed: the key store is locked")} />);
    expect(screen.getByRole("alert").textContent).toBe("API call failed: the key store is locked");
    rerender(<ApiCallCard invocation={failed()} />);
    expect(screen.getByRole("alert").textContent).toBe("API call failed: Unknown error");
  });

  it("says 'JSON parsing error' for a result that is not JSON", () => {
    render(<ApiCallCard invocation={called("Internal Server Error")} />);
    expect(screen.getByRole("alert").textContent).toBe("JSON parsing error");
  });

  it("shows exactly what will be sent while it waits for approval, and Approve answers it", async () => {
    const { actions } = renderInChat(<ApiCallCard invocation={toolCall("apiCall", "approval", { input: examples.cancelInput, toolCallId: "call-9" })} />);
    const ask = screen.getByRole("group", { name: "POST /v1/outbound/orders/{orderId}/cancel on demo-wms runs only if you approve it:" });
    expect(within(ask).getByTestId("api-will-send")).toHaveTextContent("This request will be sent to demo-wms:");
    expect(within(ask).getByTestId("api-method")).toHaveTextContent("POST");
    expect(within(ask).getByTestId("api-path")).toHaveTextContent("/v1/outbound/orders/{orderId}/cancel");
    expect(within(ask).getByTestId("api-path-params")).toHaveTextContent("orderId=ORD-00001234");
    expect(within(ask).getByTestId("api-body")).toHaveTextContent('"reason": "Customer asked to cancel"');
    expect(within(ask).getByTestId("api-body")).toHaveTextContent('"notifyCustomer": true');

    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(actions.respond).toHaveBeenCalledWith("call-9", { approved: true });
  });

  it("names the operation when the call names no method and path", () => {
    renderInChat(<ApiCallCard invocation={toolCall("apiCall", "approval", { input: { system: "demo-wms", operation: "cancelOrder", pathParams: { orderId: "ORD-1" } } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("cancelOrder on demo-wms");
    expect(screen.getByTestId("api-path")).toHaveTextContent("cancelOrder");
    expect(screen.queryByTestId("api-method")).toBeNull();
  });

  it("says nothing was sent once denied", async () => {
    renderInChat(<ApiCallCard invocation={toolCall("apiCall", "denied", { input: examples.cancelInput, approval: { reason: "Wrong order" } })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Denied");
    await expand();
    expect(screen.getByTestId("tool-denied")).toHaveTextContent("You denied this, so it did not run.");
    expect(screen.getByTestId("api-nothing-sent")).toHaveTextContent("Nothing was sent to demo-wms.");
    expect(screen.getByTestId("api-path-params")).toHaveTextContent("orderId=ORD-00001234");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says which system it calls while the call runs", () => {
    render(<ApiCallCard invocation={toolCall("apiCall", "executing", { input: examples.listInput })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Calling demo-wms…");
  });

  it("reads in German", async () => {
    await chooseLanguage("de");
    render(<ApiCallCard invocation={toolCall("apiCall", "failed", { input: examples.listInput, errorText: "API call failed: timeout" })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Werkzeugaufruf fehlgeschlagen");
    expect(screen.getByRole("alert").textContent).toBe("API-Aufruf fehlgeschlagen: timeout");
  });

  it("shows what samples.ts says it shows of a golden sample", async () => {
    for (const output of [examples.callSuccess, examples.callTruncated]) {
      const { unmount } = render(<ToolPart invocation={toolCall("apiCall", "completed", { input: {}, output })} />);
      await expand();
      for (const text of checks.apiCall!(output)) expect(screen.getByTestId("tool-card")).toHaveTextContent(text);
      unmount();
    }
  });
});
