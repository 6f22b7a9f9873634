import { useTranslation } from "react-i18next";
import type { MemberInfo } from "../../generated/MemberInfo";
import { type MemberAction, MemberActions } from "./MemberActions";
import { FacilityList, LastSignIn, MemberIdentity, RoleList, StatusBadge } from "./memberParts";

export type MemberViewProps = {
  members: readonly MemberInfo[];
  facilityNames: ReadonlyMap<string, string>;
  /** The signed-in admin's email, to mark their own row. */
  myEmail: string | undefined;
  onAction: (action: MemberAction, member: MemberInfo) => void;
};

export const isMe = (member: MemberInfo, email: string | undefined) => email !== undefined && member.email.toLowerCase() === email.toLowerCase();

/** The members as a table, where the window is wide enough for one. */
export function MemberTable({ members, facilityNames, myEmail, onAction }: MemberViewProps) {
  const { t } = useTranslation();
  const th = "px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase";
  return (
    <table className="w-full table-fixed text-sm">
      <caption className="sr-only">{t("adminUsers.title")}</caption>
      <colgroup>
        <col className="w-[27%]" />
        <col className="w-[13%]" />
        <col />
        <col className="w-[11%]" />
        <col className="w-[18%]" />
        <col className="w-14" />
      </colgroup>
      <thead className="border-b border-slate-200 bg-slate-50">
        <tr>
          <th scope="col" className={th}>{t("adminUsers.column.member")}</th>
          <th scope="col" className={th}>{t("adminUsers.column.roles")}</th>
          <th scope="col" className={th}>{t("adminUsers.column.facilities")}</th>
          <th scope="col" className={th}>{t("adminUsers.column.status")}</th>
          <th scope="col" className={th}>{t("adminUsers.column.lastLogin")}</th>
          <th scope="col" className={th}>
            <span className="sr-only">{t("adminUsers.column.actions")}</span>
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {members.map((member) => (
          <tr key={member.id} className="align-top hover:bg-slate-50/60" data-testid="member-row">
            <th scope="row" className="px-3 py-3 text-left font-normal">
              <MemberIdentity member={member} isYou={isMe(member, myEmail)} />
            </th>
            <td className="px-3 py-3">
              <RoleList roles={member.roles} />
            </td>
            <td className="px-3 py-3 break-words">
              <FacilityList ids={member.facilities} names={facilityNames} />
            </td>
            <td className="px-3 py-3">
              <StatusBadge status={member.status} />
            </td>
            <td className="px-3 py-3">
              <LastSignIn at={member.lastLoginAt} />
            </td>
            <td className="px-2 py-2 text-right">
              <MemberActions member={member} onAction={onAction} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
