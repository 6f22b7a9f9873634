import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TrackerComment } from "../api/trackerRest";
import { Spinner } from "../../../components/icons";
import { buttonClass } from "../../../components/ui/Dialog";
import { inputClass, labelClass } from "../../../components/ui/fields";
import { Moment, PersonName, Refused, useRefusalLines, userText } from "./parts";
import { useAddComment } from "./queries";

/** The issue's comments, oldest first, and the form that adds one (never an empty one). */
export function IssueComments({ issueKey, comments }: { issueKey: string; comments: readonly TrackerComment[] }) {
  const { t } = useTranslation();
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="issue-comments">
      <h2 id="issue-comments" className="text-sm font-semibold text-navy-950">
        {t("jira.issues.comments.title")}
        {comments.length > 0 && (
          <>
            {" "}
            <span className="font-normal text-slate-500">{`(${comments.length})`}</span>
          </>
        )}
      </h2>
      {comments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{t("jira.issues.comments.none")}</p>
      ) : (
        <ol className="mt-3 divide-y divide-slate-100" data-testid="issue-comments">
          {comments.map((comment) => (
            <li key={comment.id} className="py-3 first:pt-0" data-testid="issue-comment">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-slate-900">
                  <PersonName user={comment.author} fallback={t("jira.issues.comments.unknownAuthor")} />
                </span>
                <span className="text-xs text-slate-500">
                  <Moment iso={comment.created} />
                </span>
              </p>
              <p dir="auto" className={`mt-1 text-sm whitespace-pre-wrap text-slate-800 ${userText}`} data-testid="comment-body">
                {comment.body}
              </p>
            </li>
          ))}
        </ol>
      )}
      <AddComment issueKey={issueKey} />
    </section>
  );
}

function AddComment({ issueKey }: { issueKey: string }) {
  const { t } = useTranslation();
  const refusalLines = useRefusalLines();
  const add = useAddComment(issueKey);
  const id = useId();
  const [text, setText] = useState("");
  const empty = text.trim() === "";

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (empty || add.isPending) return;
    add.mutate(text, { onSuccess: () => setText("") });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-3 border-t border-slate-100 pt-4" aria-label={t("jira.issues.comments.add")}>
      {add.isError && <Refused title={t("jira.issues.comments.refused")} lines={refusalLines(add.error, t("jira.issues.comments.failed"))} testId="comment-refused" />}
      <div>
        <label htmlFor={id} className={labelClass}>
          {t("jira.issues.comments.field")}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => {
            if (add.isError) add.reset();
            setText(e.target.value);
          }}
          disabled={add.isPending}
          rows={3}
          dir="auto"
          placeholder={t("jira.issues.comments.placeholder")}
          className={`${inputClass} [overflow-wrap:anywhere]`}
          data-testid="comment-input"
        />
      </div>
      <div className="flex justify-end">
        <button type="submit" className={`${buttonClass.primary} gap-2 disabled:cursor-not-allowed`} disabled={empty || add.isPending}>
          {add.isPending && <Spinner className="size-4" />}
          {add.isPending ? t("jira.issues.comments.adding") : t("jira.issues.comments.add")}
        </button>
      </div>
    </form>
  );
}
