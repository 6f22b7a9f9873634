import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useArtifacts } from "../artifacts/store";
import { toolCall } from "../test/toolCalls";
import { GenericToolCard } from "./generic/GenericToolCard";
import { ImageGenerationCard } from "./image/ImageGenerationCard";
import { ToolPart, cardFor } from "./registry";
import { TaskCompletedCard } from "./task/TaskCompletedCard";
import { SequentialThinkingCard } from "./thinking/SequentialThinkingCard";
import { TimeCard } from "./time/TimeCard";
import type { ToolPhase } from "./types";
import { WeatherCard } from "./weather/WeatherCard";

/** Each card with an input and a result its tool really sends. */
const CARDS = [
  {
    tool: "weatherTool",
    input: { location: "Savannah" },
    output: { location: "Savannah, Georgia, United States", temperature: 27.4, unit: "C", condition: "Partly cloudy", humidity: 71, windSpeed: 12.2, lastUpdated: "2025-06-01T14:00", timezone: "America/New_York" },
    shows: "27.4 °C",
    fromResultOnly: true,
  },
  {
    tool: "timeTool",
    input: { timezone: "Asia/Tokyo" },
    output: { time: "21:05:09", date: "2025-06-01", timezone: "Asia/Tokyo", hourFormat: "24", hours: 21, minutes: 5, seconds: 9, utcOffset: "+09:00", iso: "2025-06-01T12:05:09Z" },
    shows: "21:05:09",
    fromResultOnly: true,
  },
  {
    tool: "sequentialThinkingTool",
    input: { thought: "Check dock 4 first", thoughtNumber: 1, totalThoughts: 2, nextThoughtNeeded: true },
    output: { thought: "Check dock 4 first", thoughtNumber: 1, totalThoughts: 2, nextThoughtNeeded: true },
    shows: "Check dock 4 first",
    fromResultOnly: false,
  },
  {
    tool: "taskCompleted",
    input: { message: "Moved **12** pallets" },
    output: { success: true, message: "Moved **12** pallets" },
    shows: "Moved **12** pallets",
    fromResultOnly: false,
  },
  {
    tool: "imageGenerationTool",
    input: { prompt: "A dock door" },
    output: { success: true, prompt: "A dock door", count: 1, imageUrl: "/api/file-app/v1/file/view/t1/a.png", images: [{ url: "/api/file-app/v1/file/view/t1/a.png", index: 0 }] },
    shows: "1 image(s)",
    fromResultOnly: true,
  },
] as const;

const PHASES: ToolPhase[] = ["preparing", "executing", "completed", "failed", "stopped"];

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("the card registry", () => {
  it("maps each tool to its card", () => {
    expect(cardFor("weatherTool")).toBe(WeatherCard);
    expect(cardFor("timeTool")).toBe(TimeCard);
    expect(cardFor("sequentialThinkingTool")).toBe(SequentialThinkingCard);
    expect(cardFor("taskCompleted")).toBe(TaskCompletedCard);
    expect(cardFor("imageGenerationTool")).toBe(ImageGenerationCard);
  });

  it("gives a tool without a card of its own the generic card, never nothing", () => {
    expect(cardFor("someToolNobodyKnows")).toBe(GenericToolCard);
    expect(cardFor("constructor")).toBe(GenericToolCard);
    expect(cardFor("__proto__")).toBe(GenericToolCard);
    render(<ToolPart invocation={toolCall("someToolNobodyKnows", "completed", { input: {}, output: { ok: true } })} />);
    expect(screen.getByTestId("tool-card")).toHaveTextContent("Completed someToolNobodyKnows");
  });

  it("renders nothing for endDelegation", () => {
    for (const phase of PHASES) {
      const { container, unmount } = render(<ToolPart invocation={toolCall("endDelegation", phase, { input: {}, output: { ok: true }, errorText: "x" })} />);
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });
});

describe.each(CARDS)("$tool card", ({ tool, input, output, shows, fromResultOnly }) => {
  it("shows a skeleton while the call is prepared", () => {
    render(<ToolPart invocation={toolCall(tool, "preparing")} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "preparing");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("shows it is running while the tool executes", () => {
    render(<ToolPart invocation={toolCall(tool, "executing", { input })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "executing");
    expect(screen.getByTestId("tool-status")).not.toBeEmptyDOMElement();
    if (fromResultOnly) expect(screen.queryByText(shows, { exact: false })).toBeNull();
  });

  it("shows the result once it is there", async () => {
    render(<ToolPart invocation={toolCall(tool, "completed", { input, output })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "completed");
    expect(screen.queryByTestId("tool-skeleton")).toBeNull();
    const header = screen.getAllByRole("button")[0]!;
    if (header.getAttribute("aria-expanded") === "false") await userEvent.click(header);
    expect(screen.getAllByText(shows, { exact: false }).length).toBeGreaterThan(0);
  });

  it("shows an error card with the error text when the call fails", () => {
    render(<ToolPart invocation={toolCall(tool, "failed", { input, errorText: "The service could not be reached" })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "failed");
    expect(screen.getByTestId("tool-title"), "a card of its own keeps its title").not.toHaveTextContent("Tool Call Failed");
    expect(screen.getByTestId("tool-title")).not.toBeEmptyDOMElement();
    expect(screen.getByRole("alert")).toHaveTextContent("The service could not be reached");
  });

  it("says calmly that it was stopped when the answer was stopped before the call finished", async () => {
    render(<ToolPart invocation={toolCall(tool, "stopped", { input })} />);
    const card = screen.getByTestId("tool-card");
    expect(card).toHaveAttribute("data-phase", "stopped");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Stopped");
    expect(screen.getByTestId("tool-title")).not.toHaveTextContent("Tool Call Failed");
    expect(screen.queryByTestId("tool-skeleton")).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(card.querySelector(".animate-spin")).toBeNull();
    const header = screen.getAllByRole("button")[0]!;
    if (header.getAttribute("aria-expanded") === "false") await userEvent.click(header);
    expect(screen.getByTestId("tool-stopped")).toHaveTextContent("Stopped before it finished");
  });

  it("collapses and expands on click", async () => {
    render(<ToolPart invocation={toolCall(tool, "completed", { input, output })} />);
    const header = screen.getAllByRole("button")[0]!;
    const before = header.getAttribute("aria-expanded");
    await userEvent.click(header);
    expect(header.getAttribute("aria-expanded")).not.toBe(before);
    await userEvent.click(header);
    expect(header.getAttribute("aria-expanded")).toBe(before);
  });
});
