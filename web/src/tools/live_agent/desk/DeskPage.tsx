import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError, isForbidden } from "../../../api/client";
import { OnlyAdmins } from "../../../components/OnlyAdmins";
import { useAuthStore } from "../../../auth/store";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { type Notice, NoticeBanner } from "../../../components/NoticeBanner";
import { PageHeading } from "../../../components/PageHeading";
import { SignedInLayout } from "../../../components/SignedInLayout";
import { useErrorText } from "../../../components/useErrorText";
import { selectIsAgent } from "./access";
import { unlockAudio } from "./alerts";
import { Availability } from "./Availability";
import { NotificationPrompt } from "./NotificationPrompt";
import { useClaim, useDeskMe, useDeskStats, useMySessions, useQueue, useSetStatus } from "./queries";
import { MySessionsList, QueueList } from "./QueueList";
import { SessionPanel } from "./SessionPanel";
import { StatsPanel } from "./StatsPanel";
import { senderKindOf } from "./messages";
import { useDeskLive } from "./useDeskLive";
import { useQueueAlerts } from "./useQueueAlerts";

/**
 * `/desk`, from the user menu: where the tenant's agents take the live-agent queue
 * (docs/live-agent.md, "The desk"). Agents set their availability, see who waits and the
 * AI conversation so far, claim, talk (text and images, canned replies) and close with a
 * resolution note; the socket keeps several agents' desks in step. Administrators who are
 * not agents see the statistics; the route table tells other members that the desk is for
 * agents.
 */
export default function DeskPage() {
  return (
    <SignedInLayout>
      <Desk />
    </SignedInLayout>
  );
}

function OnlyAgents() {
  const { t } = useTranslation();
  return <OnlyAdmins title={t("live_agent.desk.onlyAgents")} body={t("live_agent.desk.onlyAgentsBody")} />;
}

/** Agents take the queue; the route table lets in administrators too (pages.ts), who see the figures. */
function Desk() {
  const isAgent = useAuthStore(selectIsAgent);
  return isAgent ? <AgentDesk /> : <StatsOnly />;
}

const pageClass = "mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8";

/** An administrator who does not take the queue: today's figures, and how to take it. */
function StatsOnly() {
  const { t } = useTranslation();
  const stats = useDeskStats(true);
  if (isForbidden(stats.error)) return <OnlyAgents />;
  return (
    <section className={pageClass} aria-labelledby="desk-title">
      <PageHeading id="desk-title" title={t("live_agent.desk.title")} subtitle={t("live_agent.desk.adminSubtitle")} />
      <div className="mt-6">
        <StatsPanel stats={stats.data} />
      </div>
    </section>
  );
}

/** Which conversation is open, and from which list it was chosen. */
type Selection = { id: string; from: "queue" | "mine" };

function AgentDesk() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [selection, setSelection] = useState<Selection | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [unread, setUnread] = useState<ReadonlySet<string>>(new Set());
  const live = useDeskLive({
    enabled: true,
    onMessage: (sessionId, message) => {
      if (sessionId === selection?.id || senderKindOf(message) !== "customer") return;
      setUnread((before) => new Set(before).add(sessionId));
    },
  });
  const select = (next: Selection) => {
    setSelection(next);
    setUnread((before) => {
      if (!before.has(next.id)) return before;
      const after = new Set(before);
      after.delete(next.id);
      return after;
    });
  };
  const me = useDeskMe(true);
  const queue = useQueue(true, live);
  const mine = useMySessions(true, live);
  const stats = useDeskStats(true);
  const setStatus = useSetStatus();
  const claim = useClaim();
  useQueueAlerts(queue.data, me.data?.status === "online");

  // Browsers start sound only after a gesture: the agent's first click anywhere on the desk.
  useEffect(() => {
    document.addEventListener("pointerdown", unlockAudio, { once: true });
    return () => document.removeEventListener("pointerdown", unlockAudio);
  }, []);

  // The customer this agent was looking at left the queue. Claimed by this agent (in
  // another tab): the conversation stays open as theirs. Claimed by another agent: say so
  // rather than leave a stale page. The queue is pushed before the agent's own list is
  // read again, so that list is read first.
  const claimingId = claim.isPending ? claim.variables?.id : undefined;
  const refetchMine = mine.refetch;
  useEffect(() => {
    if (!selection || selection.from !== "queue" || !queue.data || claimingId === selection.id) return;
    if (queue.data.some((q) => q.id === selection.id)) return;
    let current = true;
    void refetchMine().then(({ data }) => {
      if (!current) return;
      if (data?.some((s) => s.id === selection.id)) {
        setSelection({ id: selection.id, from: "mine" });
      } else {
        setSelection(null);
        setNotice({ tone: "error", text: t("live_agent.desk.takenByOther") });
      }
    });
    return () => {
      current = false;
    };
  }, [selection, queue.data, claimingId, refetchMine, t]);

  if (isForbidden(me.error)) return <OnlyAgents />;

  const onClaim = (id: string) => {
    setNotice(null);
    const onError = (error: Error) => {
      if (error instanceof ApiRequestError && error.status === 409) {
        // Lost the race: the customer is another agent's now, and the queue is read again.
        setSelection(null);
        setNotice({ tone: "error", text: t("live_agent.desk.claimedByOther"), details: error.message ? [error.message] : undefined });
      } else {
        setNotice({ tone: "error", text: errorText(error, t("live_agent.desk.claimFailed")) });
      }
    };
    claim.mutate({ id }, { onSuccess: () => setSelection({ id, from: "mine" }), onError });
  };

  const selectedMine = selection ? (mine.data?.some((s) => s.id === selection.id) ?? false) : false;

  return (
    <section className={pageClass} aria-labelledby="desk-title">
      <PageHeading
        id="desk-title"
        title={t("live_agent.desk.title")}
        subtitle={live ? t("live_agent.desk.subtitle") : t("live_agent.desk.subtitlePolling")}
        action={<Availability status={me.data?.status} onChange={(status) => setStatus.mutate(status, { onError: (e) => setNotice({ tone: "error", text: errorText(e, t("live_agent.desk.statusFailed")) }) })} disabled={!me.data} />}
      />
      <div className="mt-4 space-y-3">
        <NotificationPrompt />
        {me.data?.status === "away" && <p className="text-sm text-slate-600">{t("live_agent.desk.awayHint")}</p>}
        {notice && <NoticeBanner notice={notice} onDismiss={() => setNotice(null)} />}
        <StatsPanel stats={stats.data} />
      </div>

      <div className="mt-4 grid gap-4 lg:grid-cols-[20rem_minmax(0,1fr)]">
        <aside className="space-y-4">
          <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
            <h2 className="px-2 py-1.5 text-sm font-semibold text-slate-700">{t("live_agent.desk.mine")}</h2>
            {mine.isPending ? (
              <ListLoading label={t("live_agent.desk.loading")} />
            ) : (
              <MySessionsList sessions={mine.data ?? []} selectedId={selection?.id ?? null} unread={unread} onSelect={(id) => select({ id, from: "mine" })} />
            )}
          </div>
          <div className="rounded-2xl border border-slate-200 bg-white p-2 shadow-sm">
            <h2 className="px-2 py-1.5 text-sm font-semibold text-slate-700">
              {t("live_agent.desk.queue")} <span className="font-normal text-slate-500">({queue.data?.length ?? 0})</span>
            </h2>
            {queue.isPending ? (
              <ListLoading label={t("live_agent.desk.loading")} />
            ) : queue.isError && !queue.data ? (
              <ListLoadFailed label={errorText(queue.error, t("live_agent.desk.queueFailed"))} onRetry={() => void queue.refetch()} />
            ) : (
              <QueueList queue={queue.data} answeredAt={queue.dataUpdatedAt} selectedId={selection?.id ?? null} onSelect={(id) => select({ id, from: "queue" })} />
            )}
          </div>
        </aside>
        <div className="min-h-80 rounded-2xl border border-slate-200 bg-white shadow-sm">
          {selection ? (
            <SessionPanel
              key={selection.id}
              sessionId={selection.id}
              live={live}
              mine={selectedMine}
              claiming={claimingId === selection.id}
              onClaim={() => onClaim(selection.id)}
              onClosed={() => {
                setSelection(null);
                setNotice({ tone: "success", text: t("live_agent.desk.closed") });
              }}
            />
          ) : (
            <p className="grid h-full min-h-80 place-items-center p-6 text-center text-sm text-slate-500">{t("live_agent.desk.pick")}</p>
          )}
        </div>
      </div>
    </section>
  );
}
