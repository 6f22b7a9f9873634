import type { SampleChecks } from "../types";
import { reading } from "./weather";

/** The weather card shows the place found and the temperature with its unit. */
const checks: SampleChecks = {
  weatherTool: (sample) => [sample.location, `${reading(sample.temperature)} °${sample.unit}`, sample.condition],
};

export default checks;
