import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/icons";
import { Dialog, DialogClose, buttonClass } from "../../components/ui/Dialog";
import { FormAlert } from "../../components/ui/FormAlert";
import { useErrorText } from "../../components/useErrorText";
import type { InvitationLink } from "../../generated/InvitationLink";
import type { MemberInfo } from "../../generated/MemberInfo";
import { InvitationLinkView } from "./InvitationLinkView";

type Props = {
  /** The invited member a new link was asked for; null when closed. */
  member: MemberInfo | null;
  link: InvitationLink | undefined;
  error: unknown;
  onClose: () => void;
};

/** Shows the fresh invitation link (asked for from the row menu) once it arrives. */
export function RenewInvitationDialog({ member, link, error, onClose }: Props) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={t("adminUsers.newInvitationTitle")}
      description={member ? t("adminUsers.newInvitationBody", { email: member.email }) : undefined}
      testId="invitation-dialog"
    >
      <div className="mt-4 space-y-4">
        {link ? (
          <InvitationLinkView invitation={link} />
        ) : error ? (
          <FormAlert>{errorText(error, t("adminUsers.errorGeneric"))}</FormAlert>
        ) : (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-500">
            <Spinner className="size-4" />
            {t("adminUsers.creatingLink")}
          </p>
        )}
        <div className="flex justify-end">
          <DialogClose className={buttonClass.primary}>{t("adminUsers.done")}</DialogClose>
        </div>
      </div>
    </Dialog>
  );
}
