import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useArtifacts } from "../../artifacts/store";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { ToolPart, cardFor } from "../registry";
import { BiDashboardCard } from "./BiDashboardCard";
import { withLanguage } from "./dashboard";
import { examples } from "./samples";

const done = (output: unknown, input: unknown = examples.dashboardInput) => toolCall("biDashboardTool", "completed", { input, output, messageId: "m4" });
const header = () => screen.getAllByRole("button")[0]!;
const opened = () => useArtifacts.getState().open;

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("the BI dashboard card", () => {
  it("is the card of biDashboardTool", () => {
    expect(cardFor("biDashboardTool")).toBe(BiDashboardCard);
    render(<ToolPart invocation={done(examples.dashboard)} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-tool", "biDashboardTool");
  });

  it("is titled with the dashboard's name and lists its tiles: kind, rows, a failed tile's error", () => {
    render(<BiDashboardCard invocation={done(examples.dashboard)} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("Yard dwell time");
    expect(screen.getByTestId("tool-status").textContent).toBe("Tiles: 3 · failed: 1");
    expect(header()).toHaveAttribute("aria-expanded", "true");
    const tiles = within(screen.getByRole("list", { name: "Tiles" })).getAllByTestId("bi-dashboard-tile");
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      "KPIAverage dwell (h)Rows: 1",
      "Line chartDwell by dayRows: 14",
      "Bar chartDoor turn timeFailed: There is no column named turn_minutes in dock_doors",
    ]);
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("registers the dashboard page for its message, in the reader's language, and opens it in the side panel on click", async () => {
    render(<BiDashboardCard invocation={done(examples.dashboard)} />);
    const page = { id: "dashboard-01a21044-7f3e-7c11-9d2b-3b1f7a0c5e21", type: "iframe", title: "Yard dwell time", props: { src: "/d/dt0k3n?lang=en", page: "dashboard" } };
    expect(useArtifacts.getState().registered.m4).toEqual([page]);
    expect(opened()).toEqual([]);
    await userEvent.click(header());
    expect(opened()).toEqual([page]);
    expect(useArtifacts.getState().activeId).toBe(page.id);
  });

  it("opens it with 'Open dashboard' too, and in a new tab with 'Open in new tab'", async () => {
    await chooseLanguage("ja");
    render(<BiDashboardCard invocation={done(examples.dashboard)} />);
    await userEvent.click(screen.getByRole("button", { name: "ダッシュボードを開く" }));
    expect(opened().map((a) => a.props.src)).toEqual(["/d/dt0k3n?lang=ja"]);
    const link = screen.getByRole("link", { name: "新しいタブで開く" });
    expect(link).toHaveAttribute("href", "/d/dt0k3n?lang=ja");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("is titled with the name asked for while it is built, else 'BI Dashboard', and lists the tiles asked for", () => {
    const { rerender } = render(<BiDashboardCard invocation={toolCall("biDashboardTool", "executing", { input: examples.dashboardInput })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("Yard dwell time");
    expect(screen.getByTestId("tool-status").textContent).toBe("Building the dashboard…");
    expect(within(screen.getByRole("region", { name: "Planned tiles" })).getAllByRole("listitem")).toHaveLength(3);
    rerender(<BiDashboardCard invocation={toolCall("biDashboardTool", "executing", { input: { params: [{ tiles: [{ title: "Visits", kind: "kpi" }] }] } })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Dashboard");
    rerender(<BiDashboardCard invocation={toolCall("biDashboardTool", "preparing")} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI Dashboard");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
    expect(useArtifacts.getState().registered).toEqual({});
  });

  it("names the default in the reader's language", async () => {
    await chooseLanguage("de");
    render(<BiDashboardCard invocation={done({ ...examples.dashboard, dashboard_name: "" }, { params: [{ tiles: [] }] })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe("BI-Dashboard");
    expect(screen.getByTestId("tool-status").textContent).toBe("Kacheln: 3 · fehlgeschlagen: 1");
  });

  it("says 'BI Tool failed: {error}' for a failed call, with the tiles it asked for", () => {
    render(<BiDashboardCard invocation={toolCall("biDashboardTool", "failed", { input: examples.dashboardInput, errorText: "BI Tool failed: a dashboard has at most 12 tiles" })} />);
    expect(screen.getByTestId("tool-title").textContent, "the card keeps its own title").toBe("Yard dwell time");
    expect(screen.getByTestId("tool-status").textContent).toBe("BI Tool failed: a dashboard has at most 12 tiles");
    expect(screen.getByRole("alert").textContent).toBe("BI Tool failed: a dashboard has at most 12 tiles");
    expect(within(screen.getByRole("region", { name: "Planned tiles" })).getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "KPIAverage dwell (h)",
      "Line chartDwell by day",
      "Bar chartDoor turn time",
    ]);
  });

  it("says a result that did not succeed failed, and one of another shape could not be read", () => {
    const { rerender } = render(<BiDashboardCard invocation={done({ success: false, error: "no tiles" })} />);
    expect(screen.getByRole("alert").textContent).toBe("BI Tool failed: no tiles");
    for (const output of ["oops", { success: true, tiles: [] }, { ...examples.dashboard, tiles: [{ title: "x", kind: "pie" }] }]) {
      rerender(<BiDashboardCard invocation={done(output)} />);
      expect(screen.getByRole("alert").textContent, JSON.stringify(output)).toBe("Result parsing error");
    }
    expect(useArtifacts.getState().registered).toEqual({});
  });

  it("reads a result without its artifact by its url, and one kept as a JSON string", async () => {
    const { artifact: _artifact, ...bare } = examples.dashboard;
    const { rerender } = render(<BiDashboardCard invocation={done(bare)} />);
    expect(screen.getByRole("link", { name: "Open in new tab" })).toHaveAttribute("href", "/d/dt0k3n?lang=en");
    rerender(<BiDashboardCard invocation={done(JSON.stringify(examples.dashboard))} />);
    await userEvent.click(screen.getByRole("button", { name: "Open dashboard" }));
    expect(opened().map((a) => a.props.src)).toEqual(["/d/dt0k3n?lang=en"]);
  });

  it("gives no link that could run script", () => {
    render(<BiDashboardCard invocation={done({ ...examples.dashboard, url: "javascript:alert(1)", artifact: { ...examples.dashboard.artifact, props: { src: "javascript:alert(1)" } } })} />);
    expect(screen.queryByRole("link")).toBeNull();
  });
});

describe("a dashboard link in the reader's language", () => {
  it("sets ?lang= on a path or an address, keeping what else it says", () => {
    expect(withLanguage("/d/tok", "zh-TW")).toBe("/d/tok?lang=zh-TW");
    expect(withLanguage("/d/tok?lang=en#top", "fr")).toBe("/d/tok?lang=fr#top");
    expect(withLanguage("https://waybill.example/d/tok?x=1", "de")).toBe("https://waybill.example/d/tok?x=1&lang=de");
  });
});
