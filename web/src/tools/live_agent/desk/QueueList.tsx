import { useTranslation } from "react-i18next";
import type { DeskSession, QueueEntry } from "../api/deskTypes";
import { ClockIcon } from "../../../components/moreIcons";
import { cut } from "../../../lib/text";
import { useFacilityName } from "./facility";
import { formatClock, useNow, waitedSeconds } from "./time";

const PREVIEW_CHARS = 140;

const rowClass = (selected: boolean) =>
  `block w-full rounded-lg px-3 py-2.5 text-left transition ${selected ? "bg-teal-50 ring-1 ring-teal-300" : "hover:bg-slate-50"}`;

type QueueProps = {
  queue: readonly QueueEntry[];
  /** When the server answered (ms): the waits tick on from there. */
  answeredAt: number;
  selectedId: string | null;
  onSelect: (id: string) => void;
};

/** Who is waiting, oldest first: name, facility, how long (ticking) and the first words of their question. */
export function QueueList({ queue, answeredAt, selectedId, onSelect }: QueueProps) {
  const { t } = useTranslation();
  const now = useNow();
  const facilityName = useFacilityName();
  if (queue.length === 0) return <p className="px-3 py-6 text-center text-sm text-slate-500">{t("live_agent.desk.queueEmpty")}</p>;
  return (
    <ul className="space-y-1" aria-label={t("live_agent.desk.queue")}>
      {queue.map((entry) => {
        const facility = facilityName(entry.facilityId);
        return (
          <li key={entry.id} data-testid="desk-queue-entry">
            <button type="button" className={rowClass(entry.id === selectedId)} aria-current={entry.id === selectedId || undefined} onClick={() => onSelect(entry.id)}>
              <span className="flex items-baseline justify-between gap-2">
                <span className="truncate text-sm font-semibold text-slate-900">{entry.customer.name || entry.customer.email}</span>
                <span className="inline-flex shrink-0 items-center gap-1 text-xs text-amber-800 tabular-nums" title={t("live_agent.desk.waiting")} data-testid="desk-wait">
                  <ClockIcon className="size-3.5" />
                  {formatClock(waitedSeconds(entry.waitingSeconds, answeredAt, now))}
                </span>
              </span>
              {facility && <span className="block truncate text-xs text-slate-500">{facility}</span>}
              {entry.preview && <span className="mt-1 block text-xs text-slate-600 [overflow-wrap:anywhere]">{cut(entry.preview, PREVIEW_CHARS)}</span>}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

type MineProps = {
  sessions: readonly DeskSession[];
  selectedId: string | null;
  /** Conversations where the customer wrote since the agent last looked. */
  unread: ReadonlySet<string>;
  onSelect: (id: string) => void;
};

/** The agent's own conversations, still open. */
export function MySessionsList({ sessions, selectedId, unread, onSelect }: MineProps) {
  const { t } = useTranslation();
  const facilityName = useFacilityName();
  if (sessions.length === 0) return <p className="px-3 py-4 text-center text-sm text-slate-500">{t("live_agent.desk.mineEmpty")}</p>;
  return (
    <ul className="space-y-1" aria-label={t("live_agent.desk.mine")}>
      {sessions.map((session) => (
        <li key={session.id} data-testid="desk-mine-entry">
          <button type="button" className={rowClass(session.id === selectedId)} aria-current={session.id === selectedId || undefined} onClick={() => onSelect(session.id)}>
            <span className="flex items-center justify-between gap-2">
              <span className="truncate text-sm font-semibold text-slate-900">{session.customer.name || session.customer.email}</span>
              {unread.has(session.id) && (
                <span className="shrink-0 rounded-full bg-teal-600 px-2 py-0.5 text-xs font-medium text-white" data-testid="desk-unread">
                  {t("live_agent.desk.unread")}
                </span>
              )}
            </span>
            <span className="block truncate text-xs text-slate-500">{[facilityName(session.facilityId), cut(session.preview, 60)].filter(Boolean).join(" · ")}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
