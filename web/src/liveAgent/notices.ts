import i18n from "../i18n";
import { notify } from "../chat/notices";

/** 'Live Agent service is not available' (spec 001 §8): a control was used with no connection. */
export function reportUnavailable(): void {
  notify("error", i18n.t("liveAgent.errors.unavailable"));
}
