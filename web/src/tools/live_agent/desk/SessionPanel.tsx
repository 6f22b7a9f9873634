import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { DeskSession } from "../api/deskTypes";
import { ListLoadFailed, ListLoading } from "../../../components/ListStates";
import { Spinner } from "../../../components/icons";
import { buttonClass } from "../../../components/ui/Dialog";
import { useErrorText } from "../../../components/useErrorText";
import { AiConversation } from "./AiConversation";
import { CloseSessionDialog } from "./CloseSessionDialog";
import { Composer } from "./Composer";
import { useFacilityName } from "./facility";
import { LiveMessageList } from "./LiveMessageList";
import { useSessionDetail } from "./queries";

type Props = {
  sessionId: string;
  /** Whether the desk's socket is up (else the session is polled). */
  live: boolean;
  /** Whether it is one of this agent's active conversations. */
  mine: boolean;
  onClaim: () => void;
  claiming: boolean;
  onClosed: () => void;
};

function Header({ session }: { session: DeskSession }) {
  const { t } = useTranslation();
  const facilityName = useFacilityName();
  const facility = facilityName(session.facilityId);
  return (
    <div className="min-w-0">
      <h2 id="desk-session-title" className="truncate text-lg font-semibold text-navy-950">
        {session.customer.name || t("live_agent.desk.customer")}
      </h2>
      <p className="truncate text-sm text-slate-600">{[session.customer.email, facility].filter(Boolean).join(" · ")}</p>
    </div>
  );
}

/**
 * The conversation the agent selected: who it is, the AI conversation before the
 * hand-over, and, once claimed, the live conversation with its composer and Close.
 */
export function SessionPanel({ sessionId, live, mine, onClaim, claiming, onClosed }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const detail = useSessionDetail(sessionId, live);
  const [closing, setClosing] = useState(false);

  if (detail.isPending) return <ListLoading label={t("live_agent.desk.sessionLoading")} />;
  if (detail.isError && !detail.data) return <ListLoadFailed label={errorText(detail.error, t("live_agent.desk.sessionLoadFailed"))} onRetry={() => void detail.refetch()} />;
  const { session, messages, conversation } = detail.data;

  return (
    <section aria-labelledby="desk-session-title" className="flex min-h-0 flex-col gap-4 p-4" data-testid="desk-session">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <Header session={session} />
        {session.status === "queued" && (
          <button type="button" className={`${buttonClass.primary} gap-1.5`} onClick={onClaim} disabled={claiming}>
            {claiming && <Spinner className="size-4" />}
            {t("live_agent.desk.claim")}
          </button>
        )}
        {session.status === "active" && mine && (
          <button type="button" className={buttonClass.secondary} onClick={() => setClosing(true)}>
            {t("live_agent.desk.close")}
          </button>
        )}
      </div>

      {session.status === "queued" && session.preview && (
        <blockquote className="rounded-lg border-l-4 border-amber-300 bg-amber-50 px-3 py-2 text-sm whitespace-pre-wrap text-amber-950 [overflow-wrap:anywhere]">
          {session.preview}
        </blockquote>
      )}

      <AiConversation conversation={conversation} open={session.status === "queued"} />

      {session.status !== "queued" && <LiveMessageList session={session} messages={messages} />}

      {session.status === "closed" && (
        <div role="status" className="rounded-xl border border-slate-200 bg-slate-50 px-4 py-3 text-sm text-slate-700">
          <p className="font-medium">{t("live_agent.desk.ended")}</p>
          {session.resolution && <p className="mt-1 whitespace-pre-wrap [overflow-wrap:anywhere]">{session.resolution}</p>}
        </div>
      )}
      {session.status === "active" && !mine && <p className="text-sm text-slate-500">{t("live_agent.desk.notYours")}</p>}
      {session.status === "active" && mine && <Composer sessionId={session.id} />}

      <CloseSessionDialog
        sessionId={session.id}
        customerName={session.customer.name}
        open={closing}
        onOpenChange={setClosing}
        onClosed={() => {
          setClosing(false);
          onClosed();
        }}
      />
    </section>
  );
}
