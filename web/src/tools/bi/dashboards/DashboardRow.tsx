import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CheckIcon, CopyIcon, MoreIcon, TrashIcon } from "../../../components/icons";
import { BanIcon, ExternalLinkIcon, LinkIcon } from "../../../components/moreIcons";
import { DashboardIcon } from "../pageIcons";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../../../components/ui/Menu";
import { useCopy } from "../../../components/useCopy";
import type { DashboardInfo } from "../../../generated/bi/DashboardInfo";
import { formatAge, formatDateTime } from "../../../i18n/format";
import type { DashboardAction } from "./useDashboardActions";

const small =
  "inline-flex items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-medium whitespace-nowrap text-slate-700 hover:bg-slate-50 disabled:opacity-60";

/** The page's link made absolute on this origin, to paste anywhere. */
export const absoluteLink = (link: string) => new URL(link, window.location.origin).href;

/** The page's link in the reader's language (the page has no other way to know it). */
const inLanguage = (link: string, language: string) => {
  const url = new URL(link, window.location.origin);
  url.searchParams.set("lang", language);
  return url.href;
};

type Props = {
  dashboard: DashboardInfo;
  /** When the list was shown (ms), for "created 3 days ago". */
  now: number;
  onAction: (action: DashboardAction, dashboard: DashboardInfo) => void;
  onCopyRefused: (link: string) => void;
};

/**
 * One dashboard: its name, tiles and age (or that its link was revoked); Open (a new tab)
 * and Copy link while it has a link, Open chat when it was built in one; New link, Revoke
 * link and Delete in its menu.
 */
export function DashboardRow({ dashboard, now, onAction, onCopyRefused }: Props) {
  const { t, i18n } = useTranslation();
  const { link, chatId, name } = dashboard;
  const { copied, copy } = useCopy(() => link && onCopyRefused(absoluteLink(link)));
  const act = (action: DashboardAction) => () => onAction(action, dashboard);
  const created = new Date(dashboard.createdAt).toISOString();
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-5" data-testid="dashboard-row">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-violet-50 text-violet-600">
        <DashboardIcon className="size-5" />
      </span>
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium text-slate-900 wrap-anywhere">{name}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-1.5 text-xs text-slate-500">
          <span>{t("bi.dashboards.tiles", { n: dashboard.tileCount })}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={created} title={formatDateTime(created, i18n.language)}>
            {t("bi.dashboards.created", { age: formatAge(dashboard.createdAt, now, i18n.language) })}
          </time>
          {!link && (
            <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-600" data-testid="dashboard-no-link">
              {t("bi.dashboards.noLink")}
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-1.5">
        {link && (
          <a href={inLanguage(link, i18n.language)} target="_blank" rel="noopener noreferrer" className={small} aria-label={t("bi.dashboards.openLabel", { name })}>
            <ExternalLinkIcon className="size-3.5 text-slate-500" />
            {t("bi.dashboards.open")}
          </a>
        )}
        {link && (
          <button type="button" className={small} onClick={() => void copy(absoluteLink(link))} aria-label={t("bi.dashboards.copyLabel", { name })}>
            {copied ? <CheckIcon className="size-3.5 text-teal-600" /> : <CopyIcon className="size-3.5 text-slate-500" />}
            {copied ? t("bi.dashboards.copied") : t("bi.dashboards.copy")}
          </button>
        )}
        {chatId && (
          <Link to={`/?chat=${encodeURIComponent(chatId)}`} className={small}>
            {t("bi.dashboards.openChat")}
          </Link>
        )}
        <MenuRoot modal={false}>
          <MenuTrigger
            aria-label={t("bi.dashboards.actionsFor", { name })}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
          >
            <MoreIcon className="size-5" />
          </MenuTrigger>
          <MenuContent align="end">
            <MenuItem onSelect={act("renew")}>
              <LinkIcon className="size-4 text-slate-500" />
              {t("bi.dashboards.newLink")}
            </MenuItem>
            {link && (
              <MenuItem onSelect={act("revoke")}>
                <BanIcon className="size-4 text-slate-500" />
                {t("bi.dashboards.revoke")}
              </MenuItem>
            )}
            <MenuSeparator />
            <MenuItem tone="danger" onSelect={act("delete")}>
              <TrashIcon className="size-4" />
              {t("bi.dashboards.delete")}
            </MenuItem>
          </MenuContent>
        </MenuRoot>
      </div>
    </li>
  );
}
