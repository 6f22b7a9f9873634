import type { ToolFamily } from "../types";
import { OmsCard } from "./OmsCard";
import strings from "./strings/en";

/**
 * The order-management family's web half: one card for the `oms-` tools, which import a
 * merchant's order file, look an order up and list a merchant's orders (spec 001 §2.14).
 */
const oms: ToolFamily<typeof strings> = {
  strings,
  cards: {
    "oms-importOrders": OmsCard,
    "oms-getOrder": OmsCard,
    "oms-listOrders": OmsCard,
  },
};

export default oms;
