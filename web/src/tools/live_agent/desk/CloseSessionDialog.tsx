import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { RESOLUTION_MAX_CHARS } from "../api/desk";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { FormAlert } from "../../../components/ui/FormAlert";
import { fieldErrorClass, hintClass, inputClass, labelClass } from "../../../components/ui/fields";
import { useErrorText } from "../../../components/useErrorText";
import { useCloseSession } from "./queries";

type Props = {
  sessionId: string;
  customerName: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
};

/** Ends a conversation with a resolution note: what was done, required, at most 2,000 characters. */
export function CloseSessionDialog({ sessionId, customerName, open, onOpenChange, onClosed }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const close = useCloseSession();
  const fieldId = useId();
  const hintId = useId();
  const problemId = useId();
  const [resolution, setResolution] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const length = Array.from(resolution.trim()).length;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    if (length === 0) return setProblem(t("live_agent.desk.resolutionRequired"));
    if (length > RESOLUTION_MAX_CHARS) return setProblem(t("live_agent.desk.resolutionTooLong", { max: RESOLUTION_MAX_CHARS.toLocaleString(), count: length }));
    setProblem(null);
    close.mutate(
      { id: sessionId, resolution: resolution.trim() },
      {
        onSuccess: () => {
          setResolution("");
          onClosed();
        },
        onError: (error) => setFailure(errorText(error, t("live_agent.desk.closeFailed"))),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("live_agent.desk.closeTitle")} description={t("live_agent.desk.closeBody", { name: customerName })}>
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
        {failure && <FormAlert>{failure}</FormAlert>}
        <div>
          <label htmlFor={fieldId} className={labelClass}>
            {t("live_agent.desk.resolution")}
          </label>
          <textarea
            id={fieldId}
            rows={5}
            value={resolution}
            onChange={(e) => setResolution(e.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${hintId} ${problemId}` : hintId}
            className={inputClass}
            required
          />
          <p id={hintId} className={hintClass}>
            {t("live_agent.desk.resolutionHint", { count: length, max: RESOLUTION_MAX_CHARS.toLocaleString() })}
          </p>
          {problem && (
            <p id={problemId} className={fieldErrorClass}>
              {problem}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <DialogClose className={buttonClass.secondary}>{t("live_agent.desk.cancel")}</DialogClose>
          <button type="submit" className={buttonClass.primary} disabled={close.isPending}>
            {t("live_agent.desk.closeConfirm")}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
