import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogClose, buttonClass } from "../../components/ui/Dialog";

type Props = {
  title: string | null;
  onOpenChange: (open: boolean) => void;
  /** Called with the new title; a blank one is ignored (spec 000 §5). */
  onRename: (title: string) => void;
};

export function RenameDialog({ title, onOpenChange, onRename }: Props) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title ?? "");
  // Opened for another chat: the field starts from that chat's title.
  const [shownFor, setShownFor] = useState(title);
  if (title !== shownFor) {
    setShownFor(title);
    setValue(title ?? "");
  }
  const id = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next = value.trim();
    if (next && next !== title) onRename(next);
    onOpenChange(false);
  };

  return (
    <Dialog open={title !== null} onOpenChange={onOpenChange} title={t("dialog.renameTitle")} testId="rename-dialog">
      <form onSubmit={submit} className="mt-4">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700">
          {t("dialog.renameLabel")}
        </label>
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          maxLength={500}
          autoFocus
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1.5 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-teal-500 focus:ring-2 focus:ring-teal-500/20 focus:outline-none"
        />
        <p className="mt-1.5 text-xs text-slate-500">{t("dialog.renameHint")}</p>
        <div className="mt-6 flex justify-end gap-2">
          <DialogClose type="button" className={buttonClass.secondary}>
            {t("dialog.cancel")}
          </DialogClose>
          <button type="submit" className={buttonClass.primary}>
            {t("dialog.save")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
