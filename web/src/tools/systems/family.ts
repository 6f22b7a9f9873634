import { RECORDS_ARTIFACT, RecordsViewer } from "../../components/records/RecordsViewer";
import type { ToolFamily } from "../types";
import { ApiCallCard } from "./ApiCallCard";
import { ApiSearchCard } from "./ApiSearchCard";
import pages from "./pages";
import strings from "./strings/en";

/**
 * The business-systems family's web half: the cards of apiSearch and apiCall, the tools
 * that find and call the operations of a tenant's warehouse, freight, yard and order
 * systems (spec 001 §2.4).
 * Its page: the business systems (administrators).
 */
const systems: ToolFamily<typeof strings> = {
  strings,
  pages,
  cards: {
    apiSearch: ApiSearchCard,
    apiCall: ApiCallCard,
  },
  // The whole list of records an answer holds, opened from the call's card.
  viewers: {
    [RECORDS_ARTIFACT]: { requires: [["records"]], missing: (t) => t("records.missing"), View: RecordsViewer },
  },
};

export default systems;
