import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useArtifacts } from "../artifacts/store";
import { toolCall } from "../test/toolCalls";
import { GenericToolCard } from "./generic/GenericToolCard";
import { ToolPart, cardFor } from "./registry";
import { type SampleChecks, type ToolInvocation, type ToolName, isCallOf } from "./types";

/**
 * The golden samples: one real output per tool, written by the server's tests
 * (web/src/generated/samples/<toolName>.json). Each is rendered as a finished call with
 * its card, which must show what its family's `samples.ts` says. A Rust output type the
 * card no longer follows fails here or in tsc.
 */
const samples = Object.entries(import.meta.glob("../generated/samples/*.json", { eager: true, import: "default" })).map(([path, output]) => ({
  tool: /([^/]+)\.json$/.exec(path)![1]!,
  output,
}));

/** Every family's checks, from `tools/<family>/samples.ts`. */
const checks: SampleChecks = {};
for (const family of Object.values(import.meta.glob<SampleChecks>("./*/samples.ts", { eager: true, import: "default" }))) Object.assign(checks, family);

const hasChecks = (tool: string): tool is ToolName => Object.hasOwn(checks, tool);

function expectedOf<N extends ToolName>(invocation: ToolInvocation<N>): readonly string[] {
  const check = checks[invocation.toolName];
  if (!check || invocation.output === undefined) throw new Error(`Nothing says what the ${invocation.toolName} card shows of its sample`);
  return check(invocation.output);
}

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("the golden samples", () => {
  it("are there", () => {
    expect(samples.length).toBeGreaterThan(0);
  });

  it.each(samples)("$tool's sample shows on its card", async ({ tool, output }) => {
    const card = cardFor(tool);
    expect(card, `${tool} has a sample but no card`).not.toBeNull();
    expect(card, `${tool} has a sample but no card of its own`).not.toBe(GenericToolCard);
    expect(hasChecks(tool), `${tool}'s family has no samples.ts saying what its card shows`).toBe(true);

    const invocation = toolCall(tool, "completed", { input: {}, output });
    if (!hasChecks(tool) || !isCallOf(invocation, tool)) throw new Error(tool);
    const expected = expectedOf(invocation);
    const { container } = render(<ToolPart invocation={invocation} />);
    if (expected.length === 0) {
      // A bookkeeping tool's card (endDelegation) shows nothing: its samples.ts says so with no texts.
      expect(container).toBeEmptyDOMElement();
      return;
    }
    const shown = screen.getByTestId("tool-card");
    expect(shown).toHaveAttribute("data-phase", "completed");
    expect(screen.queryByRole("alert")).toBeNull();
    const header = screen.getAllByRole("button")[0]!;
    if (header.getAttribute("aria-expanded") === "false") await userEvent.click(header);

    for (const text of expected) expect(shown.textContent, `${tool}'s card shows “${text}”`).toContain(text);
  });
});
