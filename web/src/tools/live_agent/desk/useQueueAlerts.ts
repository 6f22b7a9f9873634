import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { QueueEntry } from "../api/deskTypes";
import { cut } from "../../../lib/text";
import { chime, notify } from "./alerts";

/**
 * Tells an online agent when someone joins the queue: a notification (if allowed) and a
 * chime. Only arrivals count: the queue as first loaded, customers leaving it and
 * coming back to it are quiet; so is an agent who is away.
 */
export function useQueueAlerts(queue: readonly QueueEntry[] | undefined, online: boolean) {
  const { t } = useTranslation();
  const seen = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!queue) return;
    const before = seen.current;
    // Every customer this desk has seen in the queue: one put back after a failed claim is no arrival.
    seen.current = new Set([...(before ?? []), ...queue.map((q) => q.id)]);
    if (!before || !online) return;
    const arrived = queue.filter((q) => !before.has(q.id));
    const first = arrived[0];
    if (!first) return;
    const who = first.customer.name || first.customer.email;
    const title = arrived.length === 1 ? t("live_agent.desk.arrivedTitle", { name: who }) : t("live_agent.desk.arrivedManyTitle", { count: arrived.length });
    notify(title, cut(first.preview, 140));
    chime();
  }, [queue, online, t]);
}
