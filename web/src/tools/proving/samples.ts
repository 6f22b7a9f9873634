import type { SampleChecks } from "../types";

/** What each proving card shows of its tool's golden sample. */
const checks: SampleChecks = {
  provingMarkTool: (sample) => [sample.label, String(sample.marks)],
  provingAskTool: (sample) => [sample.answer],
  provingCountTool: (sample) => [String(sample.counted)],
  provingDelegateTool: (sample) => [sample.text.trim()],
};

export default checks;
