import { useTranslation } from "react-i18next";
import { PencilIcon, PlugIcon, Spinner, TrashIcon } from "../../components/icons";
import { RefreshIcon } from "../../components/moreIcons";
import { buttonClass } from "../../components/ui/Dialog";

type Props = {
  connected: boolean;
  testing: boolean;
  disconnecting: boolean;
  onEdit: () => void;
  onTest: () => void;
  onDisconnect: () => void;
};

const danger = "inline-flex items-center justify-center gap-1.5 rounded-lg border border-red-200 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 disabled:opacity-60";

/** Connect Jira while the built-in tracker is in use; Change, Test connection and Disconnect once a site is connected. */
export function TrackerButtons({ connected, testing, disconnecting, onEdit, onTest, onDisconnect }: Props) {
  const { t } = useTranslation();
  if (!connected) {
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${buttonClass.primary} gap-1.5`} onClick={onEdit} data-testid="tracker-connect">
          <PlugIcon className="size-4" />
          {t("adminTracker.connect")}
        </button>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap gap-2">
      <button type="button" className={`${buttonClass.secondary} gap-1.5`} onClick={onEdit}>
        <PencilIcon className="size-4 text-slate-500" />
        {t("adminTracker.change")}
      </button>
      <button type="button" className={`${buttonClass.secondary} gap-1.5 disabled:opacity-60`} onClick={onTest} disabled={testing}>
        {testing ? <Spinner className="size-4" /> : <RefreshIcon className="size-4 text-slate-500" />}
        {testing ? t("adminTracker.testing") : t("adminTracker.test")}
      </button>
      <button type="button" className={danger} onClick={onDisconnect} disabled={disconnecting}>
        <TrashIcon className="size-4" />
        {t("adminTracker.disconnect")}
      </button>
    </div>
  );
}
