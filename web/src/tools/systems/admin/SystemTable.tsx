import { useTranslation } from "react-i18next";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import { type SystemAction, SystemActions } from "./SystemActions";
import { DocumentSummary, SignInSummary, SystemIdentity, UpdatedAt } from "./systemParts";

export type SystemViewProps = {
  systems: readonly SystemInfo[];
  /** The systems whose connection test is under way. */
  testing: ReadonlySet<string>;
  onAction: (action: SystemAction, system: SystemInfo) => void;
};

/** The systems as a table, where the window is wide enough for one. */
export function SystemTable({ systems, testing, onAction }: SystemViewProps) {
  const { t } = useTranslation();
  const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{t("systems.admin.title")}</caption>
      <colgroup>
        <col className="w-[26%]" />
        <col />
        <col className="w-[13%]" />
        <col className="w-[12%]" />
        <col className="w-[23rem]" />
      </colgroup>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={th}>{t("systems.admin.column.system")}</th>
          <th scope="col" className={th}>{t("systems.admin.column.document")}</th>
          <th scope="col" className={th}>{t("systems.admin.column.signIn")}</th>
          <th scope="col" className={th}>{t("systems.admin.column.updated")}</th>
          <th scope="col" className={th}>
            <span className="sr-only">{t("systems.admin.column.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {systems.map((system) => (
          <tr key={system.id} className="align-top hover:bg-slate-50/60" data-testid="system-row">
            <th scope="row" className="px-3 py-3 text-left font-normal">
              <SystemIdentity system={system} onOpen={() => onAction("operations", system)} />
            </th>
            <td className="px-3 py-3">
              <DocumentSummary system={system} />
            </td>
            <td className="px-3 py-3">
              <SignInSummary auth={system.auth} />
            </td>
            <td className="px-3 py-3">
              <UpdatedAt at={system.updatedAt} />
            </td>
            <td className="px-2 py-2">
              <SystemActions system={system} testing={testing.has(system.id)} onAction={onAction} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
