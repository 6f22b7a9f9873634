import type { CountProgress } from "../../generated/tools/proving/CountProgress";

/** The `data-proving-count` part provingCountTool streams while it counts, registered as the family's own data part. */
export type { CountProgress };

declare module "../shell/toolCall" {
  interface ToolDataParts {
    "proving-count": CountProgress;
  }
}
