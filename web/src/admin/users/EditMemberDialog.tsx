import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { displayName } from "../../auth/identity";
import { Dialog, DialogClose, buttonClass } from "../../components/ui/Dialog";
import { FormAlert } from "../../components/ui/FormAlert";
import { useErrorText } from "../../components/useErrorText";
import type { FacilityInfo } from "../../generated/FacilityInfo";
import type { MemberInfo } from "../../generated/MemberInfo";
import type { Role } from "../../generated/Role";
import { AccessFields } from "./AccessFields";
import { useUpdateMember } from "./queries";

type Props = {
  /** The member being edited; null when closed. */
  member: MemberInfo | null;
  facilities: readonly FacilityInfo[] | undefined;
  onClose: () => void;
  onSaved: (member: MemberInfo) => void;
};

/** Changes a member's roles and facilities; the server's refusal (the last admin, oneself) is shown as it says it. */
export function EditMemberDialog({ member, facilities, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={member !== null}
      onOpenChange={(open) => !open && onClose()}
      title={member ? t("adminUsers.editTitle", { name: displayName(member) }) : ""}
      size="wide"
      testId="edit-member-dialog"
    >
      {member && <EditMemberForm member={member} facilities={facilities} onSaved={onSaved} />}
    </Dialog>
  );
}

function EditMemberForm({ member, facilities, onSaved }: { member: MemberInfo; facilities: readonly FacilityInfo[] | undefined; onSaved: (member: MemberInfo) => void }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateMember();
  const [roles, setRoles] = useState<Role[]>(member.roles);
  const [granted, setGranted] = useState<string[]>(member.facilities);
  const [checked, setChecked] = useState(false);
  const facilityError = checked && granted.length === 0 ? t("adminUsers.facilityRequired") : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (update.isPending || granted.length === 0) return;
    update.mutate({ id: member.id, changes: { roles, facilities: granted } }, { onSuccess: onSaved });
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-5">
      <p className="text-sm text-slate-600">{member.email}</p>
      <AccessFields roles={roles} onRoles={setRoles} facilities={granted} onFacilities={setGranted} options={facilities} facilityError={facilityError} disabled={update.isPending} />
      {update.error && <FormAlert>{errorText(update.error, t("adminUsers.errorGeneric"))}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass.secondary}>
          {t("dialog.cancel")}
        </DialogClose>
        <button type="submit" className={buttonClass.primary} disabled={update.isPending}>
          {update.isPending ? t("adminUsers.saving") : t("dialog.save")}
        </button>
      </div>
    </form>
  );
}
