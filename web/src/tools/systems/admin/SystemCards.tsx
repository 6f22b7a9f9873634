import { useTranslation } from "react-i18next";
import { SystemActions } from "./SystemActions";
import type { SystemViewProps } from "./SystemTable";
import { DocumentSummary, SignInSummary, SystemIdentity, UpdatedAt } from "./systemParts";

/** The systems as a list of cards, for a phone: every field labelled, the buttons beneath. */
export function SystemCards({ systems, testing, onAction }: SystemViewProps) {
  const { t } = useTranslation();
  const term = "text-xs font-medium text-slate-500";
  return (
    <ul className="divide-y divide-slate-100" aria-label={t("systems.admin.title")}>
      {systems.map((system) => (
        <li key={system.id} className="px-4 py-3" data-testid="system-row">
          <SystemIdentity system={system} onOpen={() => onAction("operations", system)} />
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5 text-sm">
            <dt className={term}>{t("systems.admin.column.document")}</dt>
            <dd className="min-w-0">
              <DocumentSummary system={system} />
            </dd>
            <dt className={term}>{t("systems.admin.column.signIn")}</dt>
            <dd className="min-w-0">
              <SignInSummary auth={system.auth} />
            </dd>
            <dt className={term}>{t("systems.admin.column.updated")}</dt>
            <dd>
              <UpdatedAt at={system.updatedAt} />
            </dd>
          </dl>
          <div className="mt-3">
            <SystemActions system={system} testing={testing.has(system.id)} onAction={onAction} align="start" />
          </div>
        </li>
      ))}
    </ul>
  );
}
