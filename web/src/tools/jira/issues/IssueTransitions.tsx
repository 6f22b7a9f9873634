import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TrackerTransition, TransitionRequest } from "../api/trackerRest";
import { Spinner } from "../../../components/icons";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import { hintClass, inputClass, labelClass } from "../../../components/ui/fields";
import { Refused, useRefusalLines } from "./parts";
import { trackerName } from "./names";
import { useDoTransition, useTransitions } from "./queries";

/**
 * The workflow's next steps from the issue's status, one button each, named as the
 * server names them. One that sets a resolution asks for it first. A refusal is said
 * in the server's words; either way the issue is loaded again.
 */
export function IssueTransitions({ issueKey }: { issueKey: string }) {
  const { t } = useTranslation();
  const refusalLines = useRefusalLines();
  const transitions = useTransitions(issueKey, true);
  const move = useDoTransition(issueKey);
  const [asking, setAsking] = useState<TrackerTransition | null>(null);
  const pendingId = move.isPending ? move.variables?.transition.id : undefined;

  const press = (transition: TrackerTransition) => {
    if (transition.fields?.resolution) {
      move.reset();
      setAsking(transition);
      return;
    }
    move.mutate({ transition: { id: transition.id } });
  };

  let buttons;
  if (transitions.isPending) {
    buttons = (
      <span className="inline-flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="size-4" />
        {t("jira.issues.transition.loading")}
      </span>
    );
  } else if (transitions.isError) {
    buttons = (
      <span className="inline-flex flex-wrap items-center gap-2 text-sm text-red-800">
        {t("jira.issues.transition.loadFailed")}
        <button type="button" className={buttonClass.secondary} onClick={() => void transitions.refetch()}>
          {t("chat.retry")}
        </button>
      </span>
    );
  } else if (transitions.data.length === 0) {
    buttons = <span className="text-sm text-slate-500">{t("jira.issues.transition.none")}</span>;
  } else {
    buttons = transitions.data.map((transition) => (
      <button
        key={transition.id}
        type="button"
        className={`${buttonClass.secondary} gap-1.5 disabled:opacity-60`}
        disabled={move.isPending}
        onClick={() => press(transition)}
        data-testid="transition-button"
      >
        {pendingId === transition.id && <Spinner className="size-4" />}
        <span dir="auto" className="[overflow-wrap:anywhere]">
          {trackerName(transition.name, t)}
        </span>
      </button>
    ));
  }

  return (
    <section aria-label={t("jira.issues.transition.label")} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2" data-testid="issue-transitions">
        {buttons}
      </div>
      {move.isError && !asking && <Refused title={t("jira.issues.transition.refused")} lines={refusalLines(move.error, t("jira.issues.transition.failed"))} testId="transition-refused" />}
      <ResolutionDialog
        transition={asking}
        pending={move.isPending}
        refusal={move.isError && asking ? refusalLines(move.error, t("jira.issues.transition.failed")) : null}
        onClose={() => {
          setAsking(null);
          move.reset();
        }}
        onSubmit={(body) => move.mutate(body, { onSuccess: () => setAsking(null) })}
      />
    </section>
  );
}

type DialogProps = {
  transition: TrackerTransition | null;
  pending: boolean;
  refusal: readonly string[] | null;
  onClose: () => void;
  onSubmit: (body: TransitionRequest) => void;
};

/** Asks for the resolution a transition sets (and an optional comment). */
function ResolutionDialog({ transition, pending, refusal, onClose, onSubmit }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={transition !== null}
      onOpenChange={(open) => !open && onClose()}
      title={trackerName(transition?.name, t) ?? ""}
      description={t("jira.issues.transition.resolutionIntro")}
      testId="resolution-dialog"
    >
      {transition && <ResolutionForm transition={transition} pending={pending} refusal={refusal} onSubmit={onSubmit} />}
    </Dialog>
  );
}

function ResolutionForm({ transition, pending, refusal, onSubmit }: Omit<DialogProps, "transition" | "onClose"> & { transition: TrackerTransition }) {
  const { t } = useTranslation();
  const ids = { resolution: useId(), comment: useId(), commentHint: useId() };
  const options = (transition.fields?.resolution?.allowedValues ?? []).flatMap((v) => (v.name ? [v.name] : []));
  const [resolution, setResolution] = useState(options[0] ?? "");
  const [comment, setComment] = useState("");

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const text = comment.trim();
    onSubmit({
      transition: { id: transition.id },
      ...(resolution ? { fields: { resolution: { name: resolution } } } : {}),
      ...(text ? { update: { comment: [{ add: { body: comment } }] } } : {}),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {refusal && <Refused title={t("jira.issues.transition.refused")} lines={refusal} testId="resolution-refused" />}
      <fieldset disabled={pending} className="space-y-4">
        <div>
          <label htmlFor={ids.resolution} className={labelClass}>
            {t("jira.issues.field.resolution")}
          </label>
          <select id={ids.resolution} value={resolution} onChange={(e) => setResolution(e.target.value)} className={inputClass} autoFocus>
            {options.map((name) => (
              <option key={name} value={name}>
                {trackerName(name, t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.comment} className={labelClass}>
            {t("jira.issues.comments.field")}{" "}
            <span className="font-normal text-slate-500">{t("jira.issues.optional")}</span>
          </label>
          <textarea
            id={ids.comment}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            rows={3}
            dir="auto"
            aria-describedby={ids.commentHint}
            className={`${inputClass} [overflow-wrap:anywhere]`}
          />
          <p id={ids.commentHint} className={hintClass}>
            {t("jira.issues.transition.commentHint")}
          </p>
        </div>
      </fieldset>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="submit" className={`${buttonClass.primary} gap-2`} disabled={pending}>
          {pending && <Spinner className="size-4" />}
          <span dir="auto" className="[overflow-wrap:anywhere]">
            {trackerName(transition.name, t)}
          </span>
        </button>
      </div>
    </form>
  );
}
