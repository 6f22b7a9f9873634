import type { SampleChecks } from "../types";

/** The time card shows the time, its zone and offset. */
const checks: SampleChecks = {
  timeTool: (sample) => [sample.time, sample.timezone, `(${sample.utcOffset})`],
};

export default checks;
