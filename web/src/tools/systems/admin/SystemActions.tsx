import { useTranslation } from "react-i18next";
import { MoreIcon, PencilIcon, PlugIcon, Spinner, TrashIcon } from "../../../components/icons";
import { ListIcon, RefreshIcon } from "../../../components/moreIcons";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../../../components/ui/Menu";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";

export type SystemAction = "test" | "reimport" | "operations" | "edit" | "remove";

type Props = {
  system: SystemInfo;
  /** Its connection test is under way. */
  testing: boolean;
  onAction: (action: SystemAction, system: SystemInfo) => void;
  /** `start` under a card's fields, `end` in a table's last column. */
  align?: "start" | "end";
};

const small =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50 disabled:opacity-60";

/**
 * A system's buttons: test the connection and re-import the document at hand, the rest
 * (its operations, edit, remove) in its menu. A built-in system has no edit or remove.
 */
export function SystemActions({ system, testing, onAction, align = "end" }: Props) {
  const { t } = useTranslation();
  const act = (action: SystemAction) => () => onAction(action, system);
  return (
    <div className={`flex flex-wrap items-center gap-1.5 ${align === "end" ? "justify-end" : "justify-start"}`}>
      <button type="button" className={small} onClick={act("test")} disabled={testing} aria-label={t("systems.admin.testFor", { name: system.name })}>
        {testing ? <Spinner className="size-3.5" /> : <PlugIcon className="size-3.5 text-slate-500" />}
        {testing ? t("systems.admin.testing") : t("systems.admin.test")}
      </button>
      <button type="button" className={small} onClick={act("reimport")} aria-label={t("systems.admin.reimportFor", { name: system.name })}>
        <RefreshIcon className="size-3.5 text-slate-500" />
        {t("systems.admin.reimport")}
      </button>
      <MenuRoot modal={false}>
        <MenuTrigger
          aria-label={t("systems.admin.actionsFor", { name: system.name })}
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
        >
          <MoreIcon className="size-5" />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem onSelect={act("operations")}>
            <ListIcon className="size-4 text-slate-500" />
            {t("systems.admin.operations")}
          </MenuItem>
          {!system.builtIn && (
            <>
              <MenuItem onSelect={act("edit")}>
                <PencilIcon className="size-4 text-slate-500" />
                {t("systems.admin.edit")}
              </MenuItem>
              <MenuSeparator />
              <MenuItem tone="danger" onSelect={act("remove")}>
                <TrashIcon className="size-4" />
                {t("systems.admin.remove")}
              </MenuItem>
            </>
          )}
        </MenuContent>
      </MenuRoot>
    </div>
  );
}
