import { useTranslation } from "react-i18next";
import { displayName } from "../../auth/identity";
import type { MemberInfo } from "../../generated/MemberInfo";
import type { MemberStatus } from "../../generated/MemberStatus";
import type { Role } from "../../generated/Role";
import { formatDateAndTime } from "../../i18n/format";

/** Every role, in the order they are shown and offered. */
export const ROLES: readonly Role[] = ["admin", "agent"];

const STATUS_LOOK: Record<MemberStatus, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  suspended: "bg-red-50 text-red-800 ring-red-600/20",
  invited: "bg-sky-50 text-sky-800 ring-sky-600/20",
};

export function StatusBadge({ status }: { status: MemberStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${STATUS_LOOK[status]}`}>
      {t(`adminUsers.status.${status}`)}
    </span>
  );
}

export function RoleList({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  if (roles.length === 0) return <span className="text-slate-400">{t("adminUsers.none")}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {ROLES.filter((role) => roles.includes(role)).map((role) => (
        <span key={role} className="rounded-md bg-navy-50 px-1.5 py-0.5 text-xs font-medium text-navy-800">
          {t(`adminUsers.role.${role}`)}
        </span>
      ))}
    </span>
  );
}

/**
 * Granted facilities by name, in the order the tenant lists them (`names`), so every row
 * reads alike; an id the tenant no longer lists is shown as it is, last.
 */
export function FacilityList({ ids, names }: { ids: readonly string[]; names: ReadonlyMap<string, string> }) {
  const { t } = useTranslation();
  if (ids.length === 0) return <span className="text-slate-400">{t("adminUsers.none")}</span>;
  const known = [...names].filter(([id]) => ids.includes(id)).map(([, name]) => name);
  const unknown = ids.filter((id) => !names.has(id));
  return <span className="text-slate-700">{[...known, ...unknown].join(", ")}</span>;
}

/** The day and the time, each kept whole: a narrow column breaks between them. */
export function LastSignIn({ at }: { at: string | undefined }) {
  const { t, i18n } = useTranslation();
  if (!at) return <span className="text-slate-400">{t("adminUsers.never")}</span>;
  const { date, time } = formatDateAndTime(at, i18n.language);
  return (
    <time dateTime={at} className="text-slate-700">
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}

/** Name and email; "You" beside the signed-in admin's own row. */
export function MemberIdentity({ member, isYou }: { member: MemberInfo; isYou: boolean }) {
  const { t } = useTranslation();
  const name = displayName(member);
  return (
    <span className="block min-w-0">
      <span className="flex items-center gap-2">
        <span className="truncate font-medium text-slate-900">{name}</span>
        {isYou && <span className="shrink-0 rounded bg-teal-50 px-1.5 py-0.5 text-[11px] font-semibold text-teal-800">{t("adminUsers.you")}</span>}
      </span>
      {name !== member.email && <span className="block truncate text-xs font-normal text-slate-500">{member.email}</span>}
    </span>
  );
}
