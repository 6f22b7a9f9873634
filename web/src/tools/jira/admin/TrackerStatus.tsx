import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AlertIcon, CheckIcon } from "../../../components/icons";
import { TrackerIcon } from "../pageIcons";
import type { ConnectionInfo } from "../../../generated/tracker/ConnectionInfo";
import { formatAge, formatDateTime } from "../../../i18n/format";

type Props = {
  /** The tenant's Jira connection; null while the built-in tracker is in use. */
  connection: ConnectionInfo | null;
  tenantName: string;
  now: number;
  /** Signs in with Atlassian again for another site the grant reaches; absent when the server no longer offers it. */
  onUseSite?: (url: string) => void;
};

/** Which tracker the assistant uses: the built-in one, or the Jira site with its edition, sign-in and who set it. */
export function TrackerStatus({ connection, tenantName, now, onUseSite }: Props) {
  const { t } = useTranslation();
  if (!connection) {
    return (
      <StatusFrame tone="builtIn" title={t("jira.admin.builtInTitle")} testId="tracker-built-in">
        <p className="mt-1 text-sm text-slate-600">{t("jira.admin.builtInBody", { tenant: tenantName })}</p>
      </StatusFrame>
    );
  }
  return (
    <StatusFrame tone="jira" title={t("jira.admin.connectedTitle", { baseUrl: connection.baseUrl })} testId="tracker-jira">
      <JiraDetails connection={connection} now={now} onUseSite={onUseSite} />
    </StatusFrame>
  );
}

function StatusFrame({ tone, title, testId, children }: { tone: "builtIn" | "jira"; title: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-4" data-testid={testId}>
      <span className={`grid size-12 shrink-0 place-items-center rounded-xl ${tone === "jira" ? "bg-blue-50 text-blue-700" : "bg-teal-50 text-teal-700"}`}>
        <TrackerIcon className="size-6" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="text-lg font-semibold break-words text-navy-950">{title}</h2>
        {children}
      </div>
    </div>
  );
}

const termClass = "text-xs font-medium tracking-wide text-slate-500 uppercase";

/**
 * The edition, the sign-in, whether a token is stored (never the token) or, signed in with
 * Atlassian, whether the access still renews; the other sites the grant reaches; who set it when.
 */
function JiraDetails({ connection, now, onUseSite }: { connection: ConnectionInfo; now: number; onUseSite?: (url: string) => void }) {
  const { t, i18n } = useTranslation();
  const { auth, email, grant } = connection;
  const signIn = grant
    ? t("jira.admin.signInAs.atlassian")
    : auth === "apiToken"
      ? email
        ? t("jira.admin.signInAs.apiToken", { email })
        : t("jira.admin.form.auth.apiToken")
      : t(`jira.admin.signInAs.${auth}`);
  const otherSites = grant?.sites.filter((site) => site.id !== grant.cloudId) ?? [];
  const at = new Date(connection.updatedAt).toISOString();
  return (
    <>
      <dl className="mt-4 grid gap-x-8 gap-y-3 text-sm sm:grid-cols-3">
        <div className="min-w-0">
          <dt className={termClass}>{t("jira.admin.edition")}</dt>
          <dd className="mt-0.5 text-slate-900">{t(`jira.admin.flavour.${connection.flavour}`)}</dd>
        </div>
        <div className="min-w-0">
          <dt className={termClass}>{t("jira.admin.signIn")}</dt>
          <dd className="mt-0.5 break-words text-slate-900">{signIn}</dd>
        </div>
        {grant ? (
          <div className="min-w-0">
            <dt className={termClass}>{t("jira.admin.access")}</dt>
            <dd className="mt-0.5 text-slate-900" data-testid="tracker-access">
              {grant.expired ? (
                <span className="inline-flex items-center gap-1.5 text-red-700">
                  <AlertIcon className="size-4" />
                  {t("jira.admin.accessExpired")}
                </span>
              ) : (
                <span className="inline-flex items-center gap-1.5 text-emerald-800">
                  <CheckIcon className="size-4" />
                  {t("jira.admin.accessRenewed")}
                </span>
              )}
            </dd>
          </div>
        ) : (
          <div className="min-w-0">
            <dt className={termClass}>{t("jira.admin.token")}</dt>
            <dd className="mt-0.5 text-slate-900" data-testid="tracker-token">
              {connection.hasSecret ? (
                <span className="inline-flex items-center gap-1.5 text-emerald-800">
                  <CheckIcon className="size-4" />
                  {t("jira.admin.tokenStored")}
                </span>
              ) : (
                t("jira.admin.tokenMissing")
              )}
            </dd>
          </div>
        )}
      </dl>
      {otherSites.length > 0 && (
        <div className="mt-4 text-sm text-slate-600" data-testid="tracker-other-sites">
          <p>{t("jira.admin.otherSites")}</p>
          <ul className="mt-1 flex flex-wrap gap-2">
            {otherSites.map((site) => (
              <li key={site.id} className="min-w-0">
                {onUseSite ? (
                  <button type="button" className="rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium break-all text-slate-700 hover:bg-slate-50" onClick={() => onUseSite(site.url)}>
                    {t("jira.admin.useSite", { site: site.url })}
                  </button>
                ) : (
                  <span className="break-all">{site.url}</span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="mt-4 text-xs text-slate-500">
        <time dateTime={at} title={formatDateTime(at, i18n.language)} className="break-all">
          {t("jira.admin.setBy", { email: connection.updatedBy, age: formatAge(connection.updatedAt, now, i18n.language) })}
        </time>
      </p>
    </>
  );
}
