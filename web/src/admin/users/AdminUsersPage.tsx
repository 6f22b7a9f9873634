import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { isForbidden } from "../../api/client";
import { selectCurrentTenant } from "../../auth/roles";
import { useAuthStore } from "../../auth/store";
import { useMediaQuery } from "../../lib/useMediaQuery";
import { PlusIcon } from "../../components/icons";
import { SignedInLayout } from "../../components/SignedInLayout";
import { ConfirmDialog, buttonClass } from "../../components/ui/Dialog";
import { ActionNoticeBanner } from "./ActionNoticeBanner";
import { AddMemberDialog } from "./AddMemberDialog";
import { EditMemberDialog } from "./EditMemberDialog";
import { MemberCards } from "./MemberCards";
import { type StatusFilter, MemberFilters } from "./MemberFilters";
import { MemberTable } from "./MemberTable";
import { BackToChat, OnlyAdmins } from "../../components/OnlyAdmins";
import { Pager } from "./Pager";
import { MEMBERS_PAGE_SIZE, useFacilities, useMemberPage } from "./queries";
import { RenewInvitationDialog } from "./RenewInvitationDialog";
import { useDebouncedValue } from "../../lib/useDebouncedValue";
import { useMemberActions } from "./useMemberActions";
import { ListLoadFailed, ListLoading } from "../../components/ListStates";

/** Typing pauses this long before the list is searched. */
const SEARCH_DELAY_MS = 300;

/**
 * `/admin/users`: the current tenant's members for its administrators (a lazily loaded
 * chunk, which the route table opens to them alone). One whose grant is taken away while
 * the page is open is told that only administrators manage users.
 */
export default function AdminUsersPage() {
  return (
    <SignedInLayout>
      <UserAdministration />
    </SignedInLayout>
  );
}

function UserAdministration() {
  const { t } = useTranslation();
  const tenantName = useAuthStore((s) => selectCurrentTenant(s)?.name ?? "");
  const myEmail = useAuthStore((s) => s.user?.email);
  const wide = useMediaQuery("(min-width: 768px)");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<StatusFilter>("all");
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const settledSearch = useDebouncedValue(search.trim(), SEARCH_DELAY_MS);

  const query = { search: settledSearch, ...(status === "all" ? {} : { status }), limit: MEMBERS_PAGE_SIZE, offset };
  const page = useMemberPage(query);
  const facilities = useFacilities();
  const facilityNames = useMemo(() => new Map((facilities.data ?? []).map((f) => [f.id, f.name])), [facilities.data]);
  const actions = useMemberActions(tenantName);

  // The grant was taken away since the page opened (or the profile was stale).
  if (isForbidden(page.error)) return <OnlyAdmins />;

  const members = page.data?.members ?? [];
  const total = Number(page.data?.total ?? 0);
  const view = { members, facilityNames, myEmail, onAction: actions.onAction };

  let list;
  if (page.isPending) {
    list = <ListLoading label={t("adminUsers.loading")} />;
  } else if (page.isError && !page.data) {
    list = <ListLoadFailed label={t("adminUsers.loadFailed")} onRetry={() => void page.refetch()} />;
  } else if (members.length === 0) {
    list = <p className="px-4 py-10 text-center text-sm text-slate-500">{t("adminUsers.empty")}</p>;
  } else {
    list = wide ? <MemberTable {...view} /> : <MemberCards {...view} />;
  }

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:px-6 sm:py-8" aria-labelledby="users-title">
      <BackToChat />
      <div className="mt-4 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 id="users-title" className="text-2xl font-semibold tracking-tight text-navy-950">
            {t("adminUsers.title")}
          </h1>
          <p className="mt-1 text-sm text-slate-600">{t("adminUsers.subtitle", { tenant: tenantName })}</p>
        </div>
        <button type="button" className={`${buttonClass.primary} gap-1.5`} onClick={() => setAdding(true)}>
          <PlusIcon className="size-4" />
          {t("adminUsers.add")}
        </button>
      </div>

      <div className="mt-6">
        <MemberFilters
          search={search}
          onSearch={(value) => {
            setSearch(value);
            setOffset(0);
          }}
          status={status}
          onStatus={(value) => {
            setStatus(value);
            setOffset(0);
          }}
        />
      </div>

      {actions.notice && (
        <div className="mt-4">
          <ActionNoticeBanner notice={actions.notice} onDismiss={actions.dismissNotice} />
        </div>
      )}

      <div className="mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm" aria-busy={page.isFetching}>
        {list}
        {members.length > 0 && <Pager offset={offset} pageSize={MEMBERS_PAGE_SIZE} shown={members.length} total={total} onOffset={setOffset} />}
      </div>

      <AddMemberDialog open={adding} onOpenChange={setAdding} facilities={facilities.data} />
      <EditMemberDialog member={actions.editing} facilities={facilities.data} onClose={actions.stopEditing} onSaved={actions.saved} />
      <RenewInvitationDialog member={actions.inviting} link={actions.invitation.link} error={actions.invitation.error} onClose={actions.closeInvitation} />
      <ConfirmDialog
        open={actions.removing !== null}
        onOpenChange={(open) => !open && actions.stopRemoving()}
        title={t("adminUsers.removeTitle")}
        body={actions.removing ? t("adminUsers.removeBody", { email: actions.removing.email, tenant: tenantName }) : ""}
        confirmLabel={t("adminUsers.removeConfirm")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={actions.confirmRemove}
        testId="remove-member-dialog"
      />
    </section>
  );
}
