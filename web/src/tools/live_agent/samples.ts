import type { SampleChecks } from "../types";

/** The live agent card says why the assistant offers a person. */
const checks: SampleChecks = {
  connectLiveAgent: (sample) => [sample.reason],
};

export default checks;
