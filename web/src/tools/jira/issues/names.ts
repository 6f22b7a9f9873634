import type { TFunction } from "i18next";

/**
 * The names the built-in tracker gives its statuses, priorities, issue types, transitions
 * and resolutions (crates/waybill-tracker/src/builtin/scheme.rs, with Jira's usual Story,
 * Epic and Sub-task), by the key of their words in the catalogue (`jira.issues.names.*`).
 */
const KNOWN = {
  "To Do": "toDo",
  "In Progress": "inProgress",
  "Blocked": "blocked",
  "Done": "done",
  "Highest": "highest",
  "High": "high",
  "Medium": "medium",
  "Low": "low",
  "Lowest": "lowest",
  "Task": "task",
  "Bug": "bug",
  "Incident": "incident",
  "Claim": "claim",
  "Story": "story",
  "Epic": "epic",
  "Sub-task": "subtask",
  "Subtask": "subtask",
  "Start Progress": "startProgress",
  "Block": "block",
  "Unblock": "unblock",
  "Stop Progress": "stopProgress",
  "Reopen": "reopen",
  "Back to To Do": "backToToDo",
  "Fixed": "fixed",
  "Won't Do": "wontDo",
  "Duplicate": "duplicate",
} as const;

type Known = keyof typeof KNOWN;

const isKnown = (name: string): name is Known => Object.hasOwn(KNOWN, name);

/**
 * A tracker's name for a status, priority, issue type, transition or resolution in the
 * interface's language when it is one of the built-in tracker's ('In Progress' → '进行中');
 * any other name (a real Jira site's own, already in its people's words) as it is. Only for
 * showing: what is sent back to the tracker stays the name it gave.
 */
export function trackerName(name: string, t: TFunction): string;
export function trackerName(name: string | null | undefined, t: TFunction): string | undefined;
export function trackerName(name: string | null | undefined, t: TFunction): string | undefined {
  if (name === null || name === undefined) return undefined;
  // Exactly as the built-in tracker writes it: 'Start progress' is another tracker's own name.
  const key = name.trim();
  return isKnown(key) ? t(`jira.issues.names.${KNOWN[key]}`) : name;
}
