import { useCallback, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, CopyIcon } from "../../components/icons";
import { useCopy } from "../../components/useCopy";
import type { InvitationLink } from "../../generated/InvitationLink";
import { formatDateTime } from "../../i18n/format";
import { absoluteInvitationUrl } from "./invitationUrl";

/** An invitation link to hand over: the address (selectable), a copy button, and until when it works. */
export function InvitationLinkView({ invitation }: { invitation: InvitationLink }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const expiresId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const url = absoluteInvitationUrl(invitation.url);
  // No clipboard here (permissions, plain http): select the link for a manual copy.
  const selectLink = useCallback(() => inputRef.current?.select(), []);
  const { copied, copy } = useCopy(selectLink);

  return (
    <div data-testid="invitation-link">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {t("adminUsers.invitationLink")}
      </label>
      <div className="mt-1.5 flex gap-2">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={url}
          aria-describedby={expiresId}
          onFocus={(e) => e.currentTarget.select()}
          className="block w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none"
        />
        <button
          type="button"
          onClick={() => void copy(url)}
          className="inline-flex shrink-0 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
        >
          {copied ? <CheckIcon className="size-4 text-emerald-600" /> : <CopyIcon className="size-4" />}
          <span aria-live="polite">{copied ? t("adminUsers.copied") : t("adminUsers.copy")}</span>
        </button>
      </div>
      <p id={expiresId} className="mt-1.5 text-xs text-slate-500">
        {t("adminUsers.expires", { date: formatDateTime(invitation.expiresAt, i18n.language) })}
      </p>
    </div>
  );
}
