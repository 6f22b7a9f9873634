import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { chatKeys, deleteAllChats, deleteChat, listChats, renameChat } from "../api/chats";
import { fetchApiKeys, fetchModels, modelKeys } from "../api/models";
import { ArtifactsSide } from "../artifacts/ArtifactsSide";
import { useProfileSync } from "../auth/useProfileSync";
import { AlertIcon, SidebarIcon, Spinner } from "../components/icons";
import { buttonClass } from "../components/ui/Dialog";
import type { ChatHistory } from "../generated/ChatHistory";
import { Conversation } from "./conversation/Conversation";
import { takeChat } from "./historyCache";
import { useChatEvents } from "./hooks/useChatEvents";
import { useMediaQuery } from "../lib/useMediaQuery";
import { newChatId } from "./ids";
import { DEFAULT_MODEL, availableModels } from "./models";
import { notify } from "./notices";
import { WHOLE_CHAT, rangeOfHistory } from "./paging";
import { usePreferences } from "./preferences";
import { Sidebar } from "./sidebar/Sidebar";
import { Toaster } from "./Toaster";
import { toChatMessages } from "./types";

/**
 * The chat being shown. `isNew`: created here, not loaded (nothing to fetch or resume);
 * `used`: a message was sent in it, or it was loaded — "New Connection" leaves it;
 * `stored`: the server holds it (its id is in the URL and the list).
 */
type Session = { id: string; isNew: boolean; used: boolean; stored: boolean };

const draft = (): Session => ({ id: newChatId(), isNew: true, used: false, stored: false });
const existing = (id: string): Session => ({ id, isNew: false, used: true, stored: true });

function useAvailableModels() {
  const models = useQuery({ queryKey: modelKeys.models, queryFn: ({ signal }) => fetchModels(signal), staleTime: 60_000 });
  const keys = useQuery({ queryKey: modelKeys.apiKeys, queryFn: ({ signal }) => fetchApiKeys(signal), staleTime: 60_000, retry: false });
  return useMemo(() => {
    if (!models.data || keys.isPending) return undefined;
    // A failed key check makes every provider unavailable (spec 000 §5).
    return availableModels(models.data, keys.isError ? null : keys.data);
  }, [models.data, keys.isPending, keys.isError, keys.data]);
}

type LoadedProps = { history: ChatHistory } & Omit<Parameters<typeof Conversation>[0], "initialMessages" | "initialRange" | "initialModel" | "isNew" | "recordings">;

/** A stored chat, opened on its newest page. */
function LoadedConversation({ history, ...props }: LoadedProps) {
  const initialMessages = useMemo(() => toChatMessages(history.messages), [history]);
  const initialRange = useMemo(() => rangeOfHistory(history), [history]);
  return (
    <Conversation
      {...props}
      initialMessages={initialMessages}
      initialRange={initialRange}
      initialModel={history.model}
      isNew={false}
      recordings={history.audioRecordings}
    />
  );
}

/**
 * The main chat page (spec 000 §2): the sidebar with the chat list, the conversation, and
 * the artifacts panel when something is open in it.
 * With no chat selected a new one is started (stored by the server with its first
 * message); the selected chat's id is in the URL, so a reload comes back to it.
 */
export default function ChatPage() {
  useProfileSync();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const urlChat = params.get("chat");
  const [session, setSession] = useState<Session>(() => (urlChat ? existing(urlChat) : draft()));
  const models = useAvailableModels();

  const wide = useMediaQuery("(min-width: 768px)");
  const sidebarOpen = usePreferences((s) => s.sidebarOpen);
  const setSidebarOpen = usePreferences((s) => s.setSidebarOpen);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const showSidebar = wide ? sidebarOpen : drawerOpen;

  // The toggle pressed goes away with the sidebar (Collapse) or with the header's button
  // (Expand), which would leave the focus on the page's body: it moves to the button that
  // now toggles the sidebar back.
  const expandRef = useRef<HTMLButtonElement>(null);
  const collapseRef = useRef<HTMLButtonElement>(null);
  const toggled = useRef(false);
  useEffect(() => {
    if (!toggled.current) return;
    toggled.current = false;
    (showSidebar ? collapseRef : expandRef).current?.focus();
  }, [showSidebar]);
  const toggleSidebar = (open: boolean) => {
    toggled.current = true;
    if (wide) setSidebarOpen(open);
    else setDrawerOpen(open);
  };

  // Back and forward move between chats through the URL. Only a change of the URL counts:
  // our own updates set the session and the URL together.
  const lastUrlChat = useRef(urlChat);
  useEffect(() => {
    if (lastUrlChat.current === urlChat) return;
    lastUrlChat.current = urlChat;
    setSession((s) => {
      if (urlChat) return urlChat === s.id ? s : existing(urlChat);
      return s.used ? draft() : s;
    });
  }, [urlChat]);

  const chats = useQuery({ queryKey: chatKeys.list, queryFn: ({ signal }) => listChats(signal) });
  const history = useQuery({
    queryKey: chatKeys.one(session.id),
    queryFn: ({ signal }) => takeChat(session.id, signal),
    enabled: !session.isNew,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });

  const select = useCallback(
    (id: string) => {
      if (!wide) setDrawerOpen(false);
      if (id === session.id) return;
      setSession(existing(id));
      setParams({ chat: id });
    },
    [session.id, setParams, wide],
  );

  const startNew = useCallback(
    (force = false) => {
      if (!wide) setDrawerOpen(false);
      if (!force && !session.used) {
        document.querySelector<HTMLTextAreaElement>('[data-testid="input-bar"] textarea')?.focus();
        return;
      }
      setSession(draft());
      setParams({});
    },
    [session.used, setParams, wide],
  );

  // The list follows changes made in other tabs and devices; a chat on screen deleted
  // there gives way to a new one.
  useChatEvents({ openChat: { id: session.id, stored: session.stored }, onOpenChatDeleted: () => startNew(true) });

  const onStored = useCallback(
    (id: string) => {
      setSession((s) => (s.id === id ? { ...s, stored: true } : s));
      setParams({ chat: id }, { replace: true });
    },
    [setParams],
  );

  const onUsed = useCallback((id: string) => setSession((s) => (s.id === id && !s.used ? { ...s, used: true } : s)), []);

  // Each reload mounts the conversation afresh (a new key) once the new load is in.
  const [loads, setLoads] = useState(0);
  const refetchHistory = history.refetch;
  const onReload = useCallback(
    (id: string, changedElsewhere: boolean) => {
      if (id !== session.id) return;
      if (changedElsewhere) notify("warning", t("chat.reloaded"));
      void refetchHistory().then(() => setLoads((n) => n + 1));
    },
    [refetchHistory, session.id, t],
  );

  // `exact`: the list only, not the open chat's history under the same prefix.
  const refreshList = () => void queryClient.invalidateQueries({ queryKey: chatKeys.list, exact: true });

  const rename = (id: string, title: string) =>
    renameChat(id, title)
      .catch(() => notify("error", t("errors.renameFailed")))
      .finally(refreshList);

  const remove = (id: string) =>
    deleteChat(id)
      .then(() => {
        if (id === session.id) startNew(true);
      })
      .catch(() => notify("error", t("errors.deleteFailed")))
      .finally(refreshList);

  const removeAll = () =>
    deleteAllChats()
      .then(() => startNew(true))
      .catch(() => notify("error", t("errors.deleteFailed")))
      .finally(refreshList);

  const toggle = showSidebar ? null : (
    <button
      ref={expandRef}
      type="button"
      onClick={() => toggleSidebar(true)}
      aria-label={t("sidebar.expand")}
      title={t("sidebar.expand")}
      className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <SidebarIcon className="size-5" />
    </button>
  );

  const shared = { chatId: session.id, models, onStored, onUsed, onReload, headerStart: toggle };
  let main;
  if (session.isNew) {
    main = <Conversation key={session.id} {...shared} initialMessages={[]} initialRange={WHOLE_CHAT} initialModel={DEFAULT_MODEL} isNew recordings={[]} />;
  } else if (history.data) {
    main = <LoadedConversation key={`${session.id}#${loads}`} {...shared} history={history.data} />;
  } else if (history.isError) {
    main = (
      <div className="flex flex-1 flex-col">
        <div className="flex h-14 items-center px-2">{toggle}</div>
        <div role="alert" className="m-auto flex max-w-sm flex-col items-center gap-3 px-4 text-center" data-testid="history-error">
          <AlertIcon className="size-8 text-red-500" />
          <p className="font-medium text-slate-800">{t("errors.historyFailed")}</p>
          <div className="flex gap-2">
            <button type="button" className={buttonClass.secondary} onClick={() => void history.refetch()}>
              {t("chat.retry")}
            </button>
            <button type="button" className={buttonClass.primary} onClick={() => startNew(true)}>
              {t("sidebar.newChat")}
            </button>
          </div>
        </div>
      </div>
    );
  } else {
    main = (
      <div className="m-auto flex items-center gap-2 text-sm text-slate-500" role="status">
        <Spinner className="size-4" />
        {t("chat.loading")}
      </div>
    );
  }

  const sidebar = (
    <Sidebar
      chats={chats.data}
      failed={chats.isError}
      onRetry={() => void chats.refetch()}
      selectedId={session.id}
      onSelect={select}
      onNew={() => startNew()}
      onRename={(id, title) => void rename(id, title)}
      onDelete={(id) => void remove(id)}
      onDeleteAll={() => void removeAll()}
      onCollapse={() => toggleSidebar(false)}
      collapseRef={collapseRef}
    />
  );

  return (
    <div className="flex h-dvh overflow-hidden bg-slate-50">
      {showSidebar &&
        (wide ? (
          sidebar
        ) : (
          <div className="fixed inset-0 z-40 flex">
            {sidebar}
            <button type="button" aria-label={t("sidebar.collapse")} className="flex-1 bg-navy-950/40" onClick={() => toggleSidebar(false)} />
          </div>
        ))}
      <ArtifactsSide chatId={session.id} overlay={!wide}>
        <main id="main" tabIndex={-1} className="flex min-w-0 flex-1 flex-col focus:outline-none">
          {main}
        </main>
      </ArtifactsSide>
      <Toaster />
    </div>
  );
}
