import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../components/useErrorText";
import type { MemberInfo } from "../../generated/MemberInfo";
import type { MemberAction } from "./MemberActions";
import { useRemoveMember, useRenewInvitation, useUpdateMember } from "./queries";

/** The outcome of a row action, said above the list. */
export type ActionNotice = { tone: "success" | "error"; text: string };

/**
 * Carries out what a row's menu asks: suspend and reactivate at once, the others through
 * their dialog (edit, a new invitation link, remove after confirmation). Each outcome
 * becomes a notice; a refusal is the server's own sentence.
 */
export function useMemberActions(tenantName: string) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const renew = useRenewInvitation();
  const [notice, setNotice] = useState<ActionNotice | null>(null);
  const [editing, setEditing] = useState<MemberInfo | null>(null);
  const [removing, setRemoving] = useState<MemberInfo | null>(null);
  const [inviting, setInviting] = useState<MemberInfo | null>(null);

  const failed = useCallback((error: unknown) => setNotice({ tone: "error", text: errorText(error, t("adminUsers.errorGeneric")) }), [errorText, t]);

  const onAction = useCallback(
    (action: MemberAction, member: MemberInfo) => {
      setNotice(null);
      const { email } = member;
      switch (action) {
        case "edit":
          setEditing(member);
          break;
        case "remove":
          setRemoving(member);
          break;
        case "invite":
          setInviting(member);
          renew.mutate(member.id);
          break;
        case "suspend":
        case "reactivate":
          update.mutate(
            { id: member.id, changes: { status: action === "suspend" ? "suspended" : "active" } },
            {
              onSuccess: () => setNotice({ tone: "success", text: t(action === "suspend" ? "adminUsers.suspended" : "adminUsers.reactivated", { email }) }),
              onError: failed,
            },
          );
          break;
      }
    },
    [failed, renew, t, update],
  );

  const confirmRemove = useCallback(() => {
    if (!removing) return;
    const { id, email } = removing;
    remove.mutate(id, {
      onSuccess: () => setNotice({ tone: "success", text: t("adminUsers.removed", { email, tenant: tenantName }) }),
      onError: failed,
    });
  }, [failed, remove, removing, t, tenantName]);

  const saved = useCallback(
    (member: MemberInfo) => {
      setEditing(null);
      setNotice({ tone: "success", text: t("adminUsers.saved", { email: member.email }) });
    },
    [t],
  );

  const closeInvitation = useCallback(() => {
    setInviting(null);
    renew.reset();
  }, [renew]);

  return {
    onAction,
    notice,
    dismissNotice: () => setNotice(null),
    editing,
    stopEditing: () => setEditing(null),
    saved,
    removing,
    stopRemoving: () => setRemoving(null),
    confirmRemove,
    inviting,
    invitation: { link: renew.data, error: renew.error },
    closeInvitation,
  };
}
