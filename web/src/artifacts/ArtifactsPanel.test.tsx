import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import ArtifactsPanel from "./ArtifactsPanel";
import { type Artifact, useArtifacts } from "./store";

const workspace = (id: string, title: string, extra: Partial<Artifact> = {}): Artifact => ({ id, type: "workspace", title, props: { chatId: id }, ...extra });
const open = (...artifacts: Artifact[]) => act(() => artifacts.forEach((a) => useArtifacts.getState().openArtifact("m1", a)));
const renderPanel = () =>
  render(
    <div data-testid="page">
      <main />
      <ArtifactsPanel />
    </div>,
  );

beforeEach(() => {
  useArtifacts.setState(useArtifacts.getInitialState(), true);
  vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("ok"));
});

describe("the artifacts panel", () => {
  it("shows nothing without artifacts", () => {
    const { container } = render(<ArtifactsPanel />);
    expect(container).toBeEmptyDOMElement();
  });

  it("is tabbed by default with titles cut at 15 characters and 'Tab n of m'; no mode toggle for one artifact", () => {
    open(workspace("a", "Inbound manifest March.csv"));
    renderPanel();
    expect(screen.getByTestId("artifacts-panel")).toHaveAttribute("data-mode", "tabbed");
    expect(screen.getByRole("tab")).toHaveTextContent(/^Inbound manifes…$/);
    expect(screen.getByRole("tab")).toHaveAttribute("title", "Inbound manifest March.csv");
    expect(screen.getByTestId("artifacts-footer")).toHaveTextContent("Tab 1 of 1");
    expect(screen.queryByTestId("artifacts-mode")).toBeNull();
  });

  it("makes a newly opened artifact the active tab, switches tabs, and offers the toggle with more than one", async () => {
    open(workspace("a", "Dock plan"));
    renderPanel();
    open(workspace("b", "Yard map"));
    expect(screen.getByRole("tab", { name: "Yard map" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("artifacts-footer")).toHaveTextContent("Tab 2 of 2");
    expect(screen.getByTestId("artifacts-mode")).toBeVisible();
    await userEvent.click(screen.getByRole("tab", { name: "Dock plan" }));
    expect(screen.getByRole("tab", { name: "Dock plan" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByTestId("artifacts-footer")).toHaveTextContent("Tab 1 of 2");
    expect(screen.getByText("a")).toBeVisible();
    expect(screen.getByText("b")).not.toBeVisible();
  });

  it("stacks the artifacts in equal heights, and goes back to tabs", async () => {
    open(workspace("a", "Dock plan"), workspace("b", "Yard map"), workspace("c", "Carrier list"));
    renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Stacked" }));
    expect(screen.getByTestId("artifacts-panel")).toHaveAttribute("data-mode", "stacked");
    const sections = screen.getAllByTestId("artifact-section");
    expect(sections).toHaveLength(3);
    for (const s of sections) expect(s).toHaveClass("flex-1", "basis-0");
    expect(screen.queryByRole("tab")).toBeNull();
    expect(screen.queryByTestId("artifacts-footer")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Tabs" }));
    expect(screen.getAllByRole("tab")).toHaveLength(3);
  });

  it("closes each artifact on its own, and the panel with the last", async () => {
    open(workspace("a", "Dock plan"), workspace("b", "Yard map"));
    const { container } = renderPanel();
    await userEvent.click(screen.getByRole("button", { name: "Close Yard map" }));
    expect(screen.getAllByRole("tab")).toHaveLength(1);
    expect(screen.queryByTestId("artifacts-mode")).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Close Dock plan" }));
    expect(within(container).queryByTestId("artifacts-panel")).toBeNull();
  });

  it("is 50 % of the page wide, 30 % with a wideLayout artifact", () => {
    open(workspace("a", "Dock plan"));
    renderPanel();
    expect(screen.getByTestId("artifacts-panel").style.width).toBe("50%");
    open(workspace("b", "Code", { wideLayout: true }));
    expect(screen.getByTestId("artifacts-panel").style.width).toBe("30%");
  });

  it("resizes by dragging the divider, clamped between 25 and 75 %", () => {
    open(workspace("a", "Dock plan"));
    renderPanel();
    const page = screen.getByTestId("page");
    vi.spyOn(page, "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ x: 0, y: 0, width: 2000, height: 800 }));
    const divider = screen.getByRole("separator", { name: "Resize the artifacts panel" });
    expect(divider).toHaveAttribute("aria-valuenow", "50");
    fireEvent.pointerDown(divider, { clientX: 1000, pointerId: 1 });
    fireEvent.pointerMove(divider, { clientX: 800, pointerId: 1 });
    expect(screen.getByTestId("artifacts-panel").style.width).toBe("60%");
    fireEvent.pointerMove(divider, { clientX: 50, pointerId: 1 });
    expect(screen.getByTestId("artifacts-panel").style.width).toBe("75%");
    fireEvent.pointerMove(divider, { clientX: 1990, pointerId: 1 });
    expect(screen.getByTestId("artifacts-panel").style.width).toBe("25%");
    fireEvent.pointerUp(divider, { pointerId: 1 });
    fireEvent.pointerMove(divider, { clientX: 1000, pointerId: 1 });
    expect(screen.getByTestId("artifacts-panel").style.width).toBe("25%");
  });

  it("stops where the chat would get narrower than its minimum, dragged or from the keyboard", () => {
    open(workspace("a", "Dock plan"));
    // 1024 × 768 with the sidebar open: 736 px beside it, of which the chat keeps 360.
    render(
      <div data-testid="space">
        <main />
        <ArtifactsPanel space={736} />
      </div>,
    );
    vi.spyOn(screen.getByTestId("space"), "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ x: 288, y: 0, width: 736, height: 768 }));
    const divider = screen.getByRole("separator");
    expect(divider).toHaveAttribute("aria-valuemax", "50");
    expect(divider).toHaveAttribute("aria-valuemin", "38");
    fireEvent.pointerDown(divider, { clientX: 656, pointerId: 1 });
    fireEvent.pointerMove(divider, { clientX: 300, pointerId: 1 });
    fireEvent.pointerUp(divider, { pointerId: 1 });
    const width = (parseFloat(screen.getByTestId("artifacts-panel").style.width) / 100) * 736;
    expect(736 - width - 6).toBeCloseTo(360);
    fireEvent.keyDown(divider, { key: "End" });
    expect(divider).toHaveAttribute("aria-valuenow", "38");
    fireEvent.keyDown(divider, { key: "Home" });
    expect(divider).toHaveAttribute("aria-valuenow", "50");
  });

  it("resizes from the keyboard within the same bounds", () => {
    open(workspace("a", "Dock plan"));
    renderPanel();
    const divider = screen.getByRole("separator");
    fireEvent.keyDown(divider, { key: "ArrowLeft" });
    expect(divider).toHaveAttribute("aria-valuenow", "52");
    fireEvent.keyDown(divider, { key: "Home" });
    expect(divider).toHaveAttribute("aria-valuenow", "75");
    fireEvent.keyDown(divider, { key: "ArrowLeft" });
    expect(divider).toHaveAttribute("aria-valuenow", "75");
    fireEvent.keyDown(divider, { key: "End" });
    expect(divider).toHaveAttribute("aria-valuenow", "25");
  });

  it("covers the chat on a narrow screen, without a divider", async () => {
    open(workspace("a", "Dock plan"));
    render(<ArtifactsPanel overlay />);
    expect(screen.queryByRole("separator")).toBeNull();
    expect(screen.getByTestId("artifacts-panel").style.width).toBe("");
    await userEvent.click(screen.getByRole("button", { name: "Close the panel" }));
    expect(screen.queryByTestId("artifacts-panel")).toBeNull();
  });
});
