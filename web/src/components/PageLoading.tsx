import { useTranslation } from "react-i18next";
import { Spinner } from "./icons";

/**
 * What a signed-in page shows while its code loads (the chat and user administration are
 * chunks of their own): the app's background with a spinner — an empty page here flashed
 * white between signing in and the chat. `sidebar`: the chat page is on its way and the
 * user keeps its sidebar open, so the sidebar's dark column is there from the first frame.
 */
export function PageLoading({ sidebar = false }: { sidebar?: boolean }) {
  const { t } = useTranslation();
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
