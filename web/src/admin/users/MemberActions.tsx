import { useTranslation } from "react-i18next";
import { displayName } from "../../auth/identity";
import { MoreIcon, PencilIcon, TrashIcon } from "../../components/icons";
import { BanIcon, LinkIcon, UndoIcon } from "../../components/moreIcons";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../../components/ui/Menu";
import type { MemberInfo } from "../../generated/MemberInfo";

export type MemberAction = "edit" | "suspend" | "reactivate" | "invite" | "remove";

type Props = { member: MemberInfo; onAction: (action: MemberAction, member: MemberInfo) => void };

/** A member's row menu: edit access, suspend or reactivate, a new invitation link, remove. */
export function MemberActions({ member, onAction }: Props) {
  const { t } = useTranslation();
  const act = (action: MemberAction) => () => onAction(action, member);
  return (
    <MenuRoot modal={false}>
      <MenuTrigger
        aria-label={t("adminUsers.actionsFor", { name: displayName(member) })}
        className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
      >
        <MoreIcon className="size-5" />
      </MenuTrigger>
      <MenuContent align="end">
        <MenuItem onSelect={act("edit")}>
          <PencilIcon className="size-4 text-slate-500" />
          {t("adminUsers.edit")}
        </MenuItem>
        {member.status === "suspended" ? (
          <MenuItem onSelect={act("reactivate")}>
            <UndoIcon className="size-4 text-slate-500" />
            {t("adminUsers.reactivate")}
          </MenuItem>
        ) : (
          <MenuItem onSelect={act("suspend")}>
            <BanIcon className="size-4 text-slate-500" />
            {t("adminUsers.suspend")}
          </MenuItem>
        )}
        {member.status === "invited" && (
          <MenuItem onSelect={act("invite")}>
            <LinkIcon className="size-4 text-slate-500" />
            {t("adminUsers.newInvitation")}
          </MenuItem>
        )}
        <MenuSeparator />
        <MenuItem tone="danger" onSelect={act("remove")}>
          <TrashIcon className="size-4" />
          {t("adminUsers.remove")}
        </MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}
