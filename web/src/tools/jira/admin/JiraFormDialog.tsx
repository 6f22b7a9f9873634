import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../../components/icons";
import { Dialog, DialogClose, buttonClass } from "../../../components/ui/Dialog";
import type { ConnectionInfo } from "../../../generated/tracker/ConnectionInfo";
import { TextField } from "../../../components/ui/TextField";
import { RadioCards } from "./JiraFields";
import { type Draft, FLAVOURS, authChoices, draftOf, emptyDraft, firstProblem, inputOf, needsEmail, problemsOf, withFlavour } from "./jiraDraft";
import { useSaveJira } from "./queries";
import { Refusal } from "./Refusal";
import { useTrackerErrorText } from "./useTrackerErrorText";

type Props = {
  open: boolean;
  /** The connection being changed; null to connect a site. */
  connection: ConnectionInfo | null;
  /** Offer pasting an OAuth access token: only while the server cannot sign in with Atlassian itself. */
  offerPastedOAuth: boolean;
  onClose: () => void;
  /** The server took the connection: what to tell the admin. */
  onDone: (text: string) => void;
};

/**
 * Connects the company's Jira site, or changes its connection: the site's URL, its
 * edition, the sign-in the edition offers and its token. The token is never shown: left
 * empty on a change, the stored one is kept. Closing and reopening starts afresh.
 */
export function JiraFormDialog({ open, connection, offerPastedOAuth, onClose, onDone }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={connection ? t("jira.admin.form.changeTitle") : t("jira.admin.form.connectTitle")}
      description={t("jira.admin.form.intro")}
      size="wide"
      testId="jira-form-dialog"
    >
      {open && <JiraForm connection={connection} offerPastedOAuth={offerPastedOAuth} onDone={onDone} />}
    </Dialog>
  );
}

function JiraForm({ connection, offerPastedOAuth, onDone }: { connection: ConnectionInfo | null; offerPastedOAuth: boolean; onDone: (text: string) => void }) {
  const { t } = useTranslation();
  const errorText = useTrackerErrorText();
  const save = useSaveJira();
  const pending = save.isPending;
  const [draft, setDraft] = useState<Draft>(() => (connection ? draftOf(connection) : emptyDraft()));
  const [checked, setChecked] = useState(false);
  const set = (next: Draft) => {
    save.reset();
    setDraft(next);
  };
  const problems = checked ? problemsOf(draft, connection) : {};
  const keepsToken = connection?.hasSecret === true;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setChecked(true);
    if (pending) return;
    const first = firstProblem(problemsOf(draft, connection));
    // Take the reader to the first thing to fix, where its message is read out.
    if (first) return event.currentTarget.querySelector<HTMLElement>(`[data-field="${first}"]`)?.focus();
    save.mutate(inputOf(draft), {
      onSuccess: (saved) => onDone(connection ? t("jira.admin.saved", { baseUrl: saved.baseUrl }) : t("jira.admin.connected", { baseUrl: saved.baseUrl })),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4">
      <fieldset disabled={pending} className="space-y-4">
        <TextField
          field="baseUrl"
          label={t("jira.admin.form.baseUrl")}
          hint={t("jira.admin.form.baseUrlHint")}
          error={problems.baseUrl && t("jira.admin.form.baseUrlRequired")}
          type="url"
          value={draft.baseUrl}
          onChange={(baseUrl) => set({ ...draft, baseUrl })}
          placeholder={draft.flavour === "cloud" ? "https://your-company.atlassian.net" : "https://jira.example.com"}
          maxLength={2048}
          autoFocus
          mono
        />
        <RadioCards
          legend={t("jira.admin.form.flavour")}
          value={draft.flavour}
          onChange={(flavour) => set(withFlavour(draft, flavour, offerPastedOAuth))}
          options={FLAVOURS}
          label={(flavour) => t(`jira.admin.flavour.${flavour}`)}
          hint={(flavour) => t(`jira.admin.form.flavourHint.${flavour}`)}
        />
        <RadioCards
          legend={t("jira.admin.form.signIn")}
          value={draft.auth}
          onChange={(auth) => set({ ...draft, auth })}
          options={authChoices(draft, offerPastedOAuth)}
          label={(auth) => t(`jira.admin.form.auth.${auth}`)}
          hint={(auth) => t(`jira.admin.form.authHint.${auth}`)}
        />
        {needsEmail(draft) && (
          <TextField
            field="email"
            label={t("jira.admin.form.email")}
            error={problems.email && t("jira.admin.form.emailRequired")}
            type="email"
            value={draft.email}
            onChange={(email) => set({ ...draft, email })}
            placeholder="jira-bot@example.com"
            maxLength={320}
            autoComplete="email"
          />
        )}
        <TextField
          field="secret"
          label={t("jira.admin.form.token")}
          hint={keepsToken ? t("jira.admin.form.tokenKeep") : t("jira.admin.form.tokenHint")}
          error={problems.secret && t("jira.admin.form.tokenRequired")}
          type="password"
          value={draft.secret}
          onChange={(secret) => set({ ...draft, secret })}
          maxLength={4096}
          autoComplete="new-password"
        />
      </fieldset>

      {save.isError && (
        <div className="mt-4">
          <Refusal title={t("jira.admin.form.refused")} reason={errorText(save.error, t("jira.admin.errorGeneric"))} testId="jira-refusal" />
        </div>
      )}
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="submit" className={`${buttonClass.primary} gap-2`} disabled={pending}>
          {pending && <Spinner className="size-4" />}
          {pending ? t("jira.admin.form.saving") : connection ? t("dialog.save") : t("jira.admin.form.connect")}
        </button>
      </div>
    </form>
  );
}
