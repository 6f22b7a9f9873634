import type { SampleChecks } from "../types";

/** The thinking card shows the thought and its number. */
const checks: SampleChecks = {
  sequentialThinkingTool: (sample) => [sample.thought, `Thought ${sample.thoughtNumber} of ${sample.totalThoughts}`],
};

export default checks;
