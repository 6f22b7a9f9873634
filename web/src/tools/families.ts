/**
 * The tool families' web halves, one line each. The export's name is the family's name:
 * its folder (`tools/<name>/`) and its strings' namespace in the catalogue (`<name>.*`).
 */
export { default as bi } from "./bi/family";
export { default as delegation } from "./delegation/family";
export { default as files } from "./files/family";
export { default as forms } from "./forms/family";
export { default as image } from "./image/family";
export { default as jira } from "./jira/family";
export { default as knowledge } from "./knowledge/family";
export { default as live_agent } from "./live_agent/family";
export { default as memory } from "./memory/family";
export { default as oms } from "./oms/family";
export { default as proving } from "./proving/family";
export { default as systems } from "./systems/family";
export { default as task } from "./task/family";
export { default as thinking } from "./thinking/family";
export { default as time } from "./time/family";
export { default as todo } from "./todo/family";
export { default as weather } from "./weather/family";
export { default as web_search } from "./web_search/family";
