import { useTranslation } from "react-i18next";
import { MemberActions } from "./MemberActions";
import { type MemberViewProps, isMe } from "./MemberTable";
import { FacilityList, LastSignIn, MemberIdentity, RoleList, StatusBadge } from "./memberParts";

/** The members as a list of cards, for a phone: every field labelled, nothing cut off. */
export function MemberCards({ members, facilityNames, myEmail, onAction }: MemberViewProps) {
  const { t } = useTranslation();
  const term = "text-xs font-medium text-slate-500";
  return (
    <ul className="divide-y divide-slate-100" aria-label={t("adminUsers.title")}>
      {members.map((member) => (
        <li key={member.id} className="px-4 py-3" data-testid="member-row">
          <div className="flex items-start gap-2">
            <div className="min-w-0 flex-1">
              <MemberIdentity member={member} isYou={isMe(member, myEmail)} />
            </div>
            <StatusBadge status={member.status} />
            <div className="-mt-1 -mr-2">
              <MemberActions member={member} onAction={onAction} />
            </div>
          </div>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <dt className={term}>{t("adminUsers.column.roles")}</dt>
            <dd>
              <RoleList roles={member.roles} />
            </dd>
            <dt className={term}>{t("adminUsers.column.facilities")}</dt>
            <dd className="break-words">
              <FacilityList ids={member.facilities} names={facilityNames} />
            </dd>
            <dt className={term}>{t("adminUsers.column.lastLogin")}</dt>
            <dd>
              <LastSignIn at={member.lastLoginAt} />
            </dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}
