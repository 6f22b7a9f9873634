import { useTranslation } from "react-i18next";
import { PencilIcon, PlugIcon, Spinner, TrashIcon } from "../../../components/icons";
import { ExternalLinkIcon, RefreshIcon } from "../../../components/moreIcons";
import { buttonClass } from "../../../components/ui/Dialog";

/** Signing in with Atlassian, when the server offers it. */
export type AtlassianSignIn = {
  available: boolean;
  /** On the way to Atlassian's consent page. */
  opening: boolean;
  onStart: () => void;
};

type Props = {
  connected: boolean;
  /** The connection was made by signing in with Atlassian: no token form to change it with. */
  signedInWithAtlassian: boolean;
  atlassian: AtlassianSignIn;
  testing: boolean;
  disconnecting: boolean;
  onEdit: () => void;
  onTest: () => void;
  onDisconnect: () => void;
};

const danger = "inline-flex items-center justify-center gap-1.5 rounded-lg border border-red-200 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60";

/**
 * Connect Jira (and Connect with Atlassian, when offered) while the built-in tracker is in
 * use; Change or Reconnect with Atlassian, Test connection and Disconnect once a site is connected.
 */
export function TrackerButtons({ connected, signedInWithAtlassian, atlassian, testing, disconnecting, onEdit, onTest, onDisconnect }: Props) {
  const { t } = useTranslation();
  const signIn = (label: string, className: string) =>
    atlassian.available && (
      <button type="button" className={`${className} gap-1.5 disabled:opacity-60`} onClick={atlassian.onStart} disabled={atlassian.opening} data-testid="tracker-connect-atlassian">
        {atlassian.opening ? <Spinner className="size-4" /> : <ExternalLinkIcon className="size-4" />}
        {atlassian.opening ? t("jira.admin.oauth.opening") : label}
      </button>
    );
  if (!connected) {
    return (
      <div className="space-y-2">
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${buttonClass.primary} gap-1.5`} onClick={onEdit} data-testid="tracker-connect">
            <PlugIcon className="size-4" />
            {t("jira.admin.connect")}
          </button>
          {signIn(t("jira.admin.oauth.connect"), buttonClass.secondary)}
        </div>
        {atlassian.available && <p className="text-xs text-slate-500">{t("jira.admin.oauth.hint")}</p>}
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      {signedInWithAtlassian ? (
        signIn(t("jira.admin.oauth.reconnect"), buttonClass.secondary)
      ) : (
        <button type="button" className={`${buttonClass.secondary} gap-1.5`} onClick={onEdit}>
          <PencilIcon className="size-4 text-slate-500" />
          {t("jira.admin.change")}
        </button>
      )}
      <button type="button" className={`${buttonClass.secondary} gap-1.5 disabled:opacity-60`} onClick={onTest} disabled={testing}>
        {testing ? <Spinner className="size-4" /> : <RefreshIcon className="size-4 text-slate-500" />}
        {testing ? t("jira.admin.testing") : t("jira.admin.test")}
      </button>
      <button type="button" className={danger} onClick={onDisconnect} disabled={disconnecting}>
        <TrashIcon className="size-4" />
        {t("jira.admin.disconnect")}
      </button>
    </div>
  );
}
