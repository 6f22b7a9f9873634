import type { ToolFamily } from "../types";
import { ProvingAskCard } from "./ProvingAskCard";
import { ProvingCountCard } from "./ProvingCountCard";
import { ProvingDelegateCard } from "./ProvingDelegateCard";
import { ProvingMarkCard } from "./ProvingMarkCard";
import strings from "./strings/en";

/**
 * The proving family's web half: the cards of the test-only tools that prove the
 * platform's seams (an approval, a client tool, data parts, a sub-agent). The server
 * offers these tools only when started with `WAYBILL_PROVING_FAMILY=true`; otherwise no
 * answer names them and the cards never show.
 */
const proving: ToolFamily<typeof strings> = {
  strings,
  cards: {
    provingMarkTool: ProvingMarkCard,
    provingAskTool: ProvingAskCard,
    provingCountTool: ProvingCountCard,
    provingDelegateTool: ProvingDelegateCard,
  },
};

export default proving;
