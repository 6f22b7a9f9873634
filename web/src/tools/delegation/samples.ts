import type { SubAgentProgress } from "../shell/toolCall";
import type { SampleChecks, ToolTypes } from "../types";

type DelegateInput = ToolTypes["delegateToAgent"]["input"];
type DelegationResult = ToolTypes["delegateToAgent"]["output"];

/**
 * What the delegation cards show of their tools' golden samples (web/src/generated/
 * samples/): for delegateToAgent, the agent's name and id and how much it wrote (its
 * answer is markdown, so its words are not checked as written); endDelegation's card
 * shows nothing at all, which an empty list says.
 */
const checks: SampleChecks = {
  delegateToAgent: (sample) =>
    sample.success
      ? [sample.agentName, sample.agentId, `Generated ${new Intl.NumberFormat("en").format(sample.contentLength)} characters of content`]
      : [sample.agentName, sample.error?.trim() || "Unknown error occurred"],
  endDelegation: () => [],
};

export default checks;

const content = [
  "## Orders shipped last week",
  "",
  "| Facility | Orders |",
  "|---|---|",
  "| Fontana | 1,204 |",
  "| Reno | 873 |",
  "",
  "**2,077** orders in all, 6% more than the week before.",
].join("\n");

/** Inputs and outputs for each view of the card, as the server writes them: the component tests render these. */
export const examples = {
  input: { agentId: "bi-agent", instruction: "How many orders shipped last week, by facility?" } satisfies DelegateInput,
  result: {
    agentId: "bi-agent",
    agentName: "BI Agent",
    success: true,
    instruction: "How many orders shipped last week, by facility?",
    contentLength: Array.from(content).length,
    content,
    steps: 3,
    toolCalls: ["biListCubes", "biQueryCube"],
  } satisfies DelegationResult,
  /** A long answer: 40 lines and 1,234 characters of it and more. */
  long: {
    agentId: "wms-agent",
    agentName: "WMS Agent",
    success: true,
    instruction: "List the locations counted today",
    contentLength: 12_345,
    content: Array.from({ length: 40 }, (_, i) => `- Location A-${String(i + 1).padStart(2, "0")}: counted, no variance`).join("\n"),
    steps: 5,
    toolCalls: ["apiSearch", "apiCall", "apiCall", "endDelegation"],
  } satisfies DelegationResult,
  /** An agent that ran and said it could not: `success: false`. */
  refused: {
    agentId: "jira-agent",
    agentName: "Jira Agent",
    success: false,
    error: "No issue tracker is registered for this tenant",
    instruction: "Open a ticket for door 4",
    contentLength: 0,
    content: "",
    steps: 1,
    toolCalls: [],
  } satisfies DelegationResult,
  failedText: "Sub-agents cannot run here",
  progress: {
    status: "running",
    text: "Looking up the cubes…",
    steps: 2,
    toolCalls: [
      { id: "c1", name: "biListCubes", state: "done" },
      { id: "c2", name: "biQueryCube", state: "running" },
    ],
  } satisfies SubAgentProgress,
  /** Model output that tries to be markup. */
  hostile: [
    "<script>window.__delegationPwned = true</script>",
    '<img src="x" onerror="window.__delegationPwned = true">',
    '<a href="javascript:window.__delegationPwned = true">click me</a>',
    "[a link](javascript:window.__delegationPwned=true)",
    '<iframe src="https://evil.example"></iframe>',
    "Plain **bold** text",
  ].join("\n\n"),
};
