import { type Ref, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../../auth/store";
import { ContextSwitcher } from "../../components/ContextSwitcher";
import { LanguageSwitcher } from "../../components/LanguageSwitcher";
import { Logo } from "../../components/Logo";
import { UserMenu } from "../../components/UserMenu";
import { MoreIcon, PencilIcon, PlusIcon, SidebarIcon, TrashIcon } from "../../components/icons";
import { ConfirmDialog } from "../../components/ui/Dialog";
import { MenuContent, MenuItem, MenuRoot, MenuTrigger } from "../../components/ui/Menu";
import type { ChatSummary } from "../../generated/ChatSummary";
import { RenameDialog } from "./RenameDialog";

type Props = {
  chats: ChatSummary[] | undefined;
  failed: boolean;
  onRetry: () => void;
  selectedId: string;
  onSelect: (id: string) => void;
  onNew: () => void;
  onRename: (id: string, title: string) => void;
  onDelete: (id: string) => void;
  onDeleteAll: () => void;
  onCollapse: () => void;
  /** The Collapse button, for the page to give it the focus when the sidebar opens. */
  collapseRef?: Ref<HTMLButtonElement>;
};

/** A short date and time of the last update, in the interface language. */
function shortDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" }).format(date);
}

function ChatEntry({ chat, selected, onSelect, onRename, onDelete }: { chat: ChatSummary; selected: boolean; onSelect: () => void; onRename: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const when = shortDate(chat.updatedAt, i18n.language);
  return (
    <li className={`group relative rounded-lg ${selected ? "bg-white/12" : "hover:bg-white/6"}`} data-testid="chat-entry">
      <button type="button" onClick={onSelect} aria-current={selected ? "page" : undefined} className="block w-full min-w-0 rounded-lg py-2 pr-9 pl-3 text-left">
        <span className="block truncate text-sm font-medium text-white" data-testid="chat-title">
          {chat.title}
        </span>
        <span className="block truncate text-xs text-navy-300">
          <time dateTime={chat.updatedAt}>{when}</time>
        </span>
      </button>
      <MenuRoot modal={false}>
        <MenuTrigger
          aria-label={t("sidebar.actions", { title: chat.title })}
          className={`absolute top-1/2 right-1.5 -translate-y-1/2 rounded-md p-1 text-navy-200 hover:bg-white/10 hover:text-white focus-visible:opacity-100 data-[state=open]:opacity-100 ${selected ? "" : "sm:opacity-0 sm:group-hover:opacity-100"}`}
        >
          <MoreIcon className="size-4" />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuItem onSelect={onRename}>
            <PencilIcon className="size-4 text-slate-500" />
            {t("sidebar.rename")}
          </MenuItem>
          <MenuItem tone="danger" onSelect={onDelete}>
            <TrashIcon className="size-4" />
            {t("sidebar.delete")}
          </MenuItem>
        </MenuContent>
      </MenuRoot>
    </li>
  );
}

/**
 * The sidebar (spec 000 §2): New Connection, the chat list with rename and delete, delete
 * all, and the user block with Memory and Logout. Deleting asks first.
 */
export function Sidebar({ chats, failed, onRetry, selectedId, onSelect, onNew, onRename, onDelete, onDeleteAll, onCollapse, collapseRef }: Props) {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [renaming, setRenaming] = useState<ChatSummary | null>(null);
  const [deleting, setDeleting] = useState<ChatSummary | null>(null);
  const [deletingAll, setDeletingAll] = useState(false);
  const list = chats ?? [];
  const selectedInList = list.some((c) => c.id === selectedId);

  return (
    <aside aria-label={t("sidebar.label")} className="flex h-full w-72 flex-col bg-navy-950 text-white" data-testid="sidebar">
      <div className="flex items-center justify-between gap-2 px-3 pt-3 pb-2">
        <Logo />
        <button ref={collapseRef} type="button" onClick={onCollapse} aria-label={t("sidebar.collapse")} title={t("sidebar.collapse")} className="rounded-lg p-2 text-navy-200 hover:bg-white/10 hover:text-white">
          <SidebarIcon className="size-5" />
        </button>
      </div>
      <div className="px-3 pb-3">
        <button type="button" onClick={onNew} className="flex w-full items-center justify-center gap-2 rounded-lg bg-teal-400 px-3 py-2 text-sm font-semibold text-navy-950 shadow-sm transition hover:bg-teal-300">
          <PlusIcon className="size-4" />
          {t("sidebar.newChat")}
        </button>
      </div>
      <div className="border-y border-white/10 px-3 py-2.5">
        <ContextSwitcher stacked />
      </div>
      <nav aria-label={t("sidebar.chats")} className="flex min-h-0 flex-1 flex-col">
        <h2 className="px-4 pt-3 pb-1 text-[11px] font-semibold tracking-wide text-navy-300 uppercase">{t("sidebar.chats")}</h2>
        <ul className="min-h-0 flex-1 space-y-0.5 overflow-y-auto px-2 pb-2" data-testid="chat-list">
          {/*
            The chat being started, until the server stores it: with no saved chats yet it is
            the list's only entry (an "empty list" text beside it would contradict it).
          */}
          {!selectedInList && (
            <li className="rounded-lg bg-white/12" data-testid="chat-entry-new">
              <span aria-current="page" className="block py-2 pr-3 pl-3 text-sm font-medium text-white">
                {t("chat.newChatTitle")}
              </span>
            </li>
          )}
          {list.map((chat) => (
            <ChatEntry
              key={chat.id}
              chat={chat}
              selected={chat.id === selectedId}
              onSelect={() => onSelect(chat.id)}
              onRename={() => setRenaming(chat)}
              onDelete={() => setDeleting(chat)}
            />
          ))}
          {failed && (
            <li className="px-3 py-2 text-sm text-red-200">
              {t("sidebar.loadFailed")}{" "}
              <button type="button" onClick={onRetry} className="font-semibold text-white underline">
                {t("chat.retry")}
              </button>
            </li>
          )}
        </ul>
        {list.length > 0 && (
          <div className="px-3 pb-2">
            <button type="button" onClick={() => setDeletingAll(true)} className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-sm text-navy-200 hover:bg-white/10 hover:text-white">
              <TrashIcon className="size-4" />
              {t("sidebar.deleteAll")}
            </button>
          </div>
        )}
      </nav>
      <div className="space-y-2 border-t border-white/10 p-2">
        <div className="px-1 pt-1">
          <LanguageSwitcher tone="light" />
        </div>
        {user && <UserMenu user={user} placement="up" />}
      </div>

      <RenameDialog
        title={renaming?.title ?? null}
        onOpenChange={(open) => !open && setRenaming(null)}
        onRename={(title) => renaming && onRename(renaming.id, title)}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t("dialog.deleteTitle")}
        body={t("dialog.deleteBody")}
        confirmLabel={t("dialog.delete")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={() => deleting && onDelete(deleting.id)}
        testId="delete-dialog"
      />
      <ConfirmDialog
        open={deletingAll}
        onOpenChange={setDeletingAll}
        title={t("dialog.deleteAllTitle")}
        body={t("dialog.deleteAllBody")}
        confirmLabel={t("dialog.deleteAll")}
        cancelLabel={t("dialog.cancel")}
        onConfirm={onDeleteAll}
        testId="delete-all-dialog"
      />
    </aside>
  );
}
