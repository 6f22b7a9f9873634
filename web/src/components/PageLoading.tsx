import { useTranslation } from "react-i18next";
import { usePreferences } from "../chat/preferences";
import { Spinner } from "./icons";

/**
 * What a signed-in page shows while its code loads (the chat and user administration are
 * chunks of their own): the app's background with a spinner — an empty page here flashed
 * white between signing in and the chat. `chat`: the chat page is on its way, so its
 * sidebar's dark column (when the user keeps it open) is there from the first frame.
 */
export function PageLoading({ chat = false }: { chat?: boolean }) {
  const { t } = useTranslation();
  const sidebar = usePreferences((s) => s.sidebarOpen) && chat;
  return (
    <div className="flex h-dvh bg-slate-50" data-testid="page-loading">
      {sidebar && <div aria-hidden="true" className="hidden w-72 shrink-0 bg-navy-950 md:block" />}
      <div className="grid flex-1 place-items-center">
        <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
          <Spinner className="size-5 text-teal-600" />
          {t("app.loading")}
        </p>
      </div>
    </div>
  );
}
