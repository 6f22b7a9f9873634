import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type SentMessage,
  addCanned,
  claimSession,
  closeSession,
  deleteCanned,
  getDeskMe,
  getDeskStats,
  getMySessions,
  getQueue,
  getSession,
  listCanned,
  sendDeskMessage,
  setDeskStatus,
} from "../api/desk";
import type { CannedReply, DeskMe, DeskSession, DeskStatus, LiveMessage, NewCannedReply, NewDeskMessage, QueueEntry, SessionDetail } from "../api/deskTypes";
import { useAuthStore } from "../../../auth/store";

/** While the socket is down, the queue, the agent's sessions and the open one are read this often. */
export const POLL_MS = 5_000;
/** The statistics are read this often (they change with every wait). */
export const STATS_POLL_MS = 15_000;

/** Keyed by tenant and member: another agent signing in on this browser never sees these from the cache. */
export const deskKeys = {
  all: (tenantId: string | null, userId: string | null) => ["desk", tenantId, userId] as const,
  me: (tenantId: string | null, userId: string | null) => ["desk", tenantId, userId, "me"] as const,
  canned: (tenantId: string | null, userId: string | null) => ["desk", tenantId, userId, "canned"] as const,
  queue: (tenantId: string | null, userId: string | null) => ["desk", tenantId, userId, "queue"] as const,
  mine: (tenantId: string | null, userId: string | null) => ["desk", tenantId, userId, "mine"] as const,
  session: (tenantId: string | null, userId: string | null, id: string) => ["desk", tenantId, userId, "session", id] as const,
  stats: (tenantId: string | null, userId: string | null) => ["desk", tenantId, userId, "stats"] as const,
};

/** Who the cache is for: the tenant, and the member (by email). */
export function useDeskOwner() {
  const tenantId = useAuthStore((s) => s.tenantId);
  const userId = useAuthStore((s) => s.user?.email ?? null);
  return { tenantId, userId };
}

/** Adds `message` to a session's messages unless it is there already (the socket and the send's answer both bring it). */
export function withMessage(detail: SessionDetail, message: LiveMessage): SessionDetail {
  if (detail.messages.some((m) => m.id === message.id)) return detail;
  return { ...detail, messages: [...detail.messages, message].sort((a, b) => a.timestamp - b.timestamp) };
}

/** Puts a message the socket pushed into the open session's cache (a session not loaded yet reads it when opened). */
export function applyMessage(client: QueryClient, key: readonly unknown[], message: LiveMessage) {
  client.setQueryData<SessionDetail>(key, (detail) => (detail ? withMessage(detail, message) : detail));
}

export function useDeskMe(enabled: boolean) {
  const { tenantId, userId } = useDeskOwner();
  const client = useQueryClient();
  return useQuery({
    queryKey: deskKeys.me(tenantId, userId),
    queryFn: async ({ signal }) => {
      const me = await getDeskMe(signal);
      // The canned replies come with the agent's status: no second request for them.
      client.setQueryData(deskKeys.canned(tenantId, userId), me.canned);
      return me;
    },
    enabled,
  });
}

export function useCanned(enabled: boolean) {
  const { tenantId, userId } = useDeskOwner();
  return useQuery({ queryKey: deskKeys.canned(tenantId, userId), queryFn: ({ signal }) => listCanned(signal), enabled, staleTime: 60_000 });
}

export function useQueue(enabled: boolean, live: boolean) {
  const { tenantId, userId } = useDeskOwner();
  return useQuery({
    queryKey: deskKeys.queue(tenantId, userId),
    queryFn: ({ signal }) => getQueue(signal),
    enabled,
    refetchInterval: live ? false : POLL_MS,
  });
}

export function useMySessions(enabled: boolean, live: boolean) {
  const { tenantId, userId } = useDeskOwner();
  return useQuery({
    queryKey: deskKeys.mine(tenantId, userId),
    queryFn: ({ signal }) => getMySessions(signal),
    enabled,
    refetchInterval: live ? false : POLL_MS,
  });
}

export function useSessionDetail(id: string | null, live: boolean) {
  const { tenantId, userId } = useDeskOwner();
  return useQuery({
    queryKey: deskKeys.session(tenantId, userId, id ?? ""),
    queryFn: ({ signal }) => getSession(id ?? "", signal),
    enabled: id !== null,
    refetchInterval: live ? false : POLL_MS,
  });
}

export function useDeskStats(enabled: boolean) {
  const { tenantId, userId } = useDeskOwner();
  return useQuery({ queryKey: deskKeys.stats(tenantId, userId), queryFn: ({ signal }) => getDeskStats(signal), enabled, refetchInterval: STATS_POLL_MS });
}

/** Online or away, shown at once and put back when the server refuses. */
export function useSetStatus() {
  const client = useQueryClient();
  const { tenantId, userId } = useDeskOwner();
  const key = deskKeys.me(tenantId, userId);
  return useMutation({
    mutationFn: setDeskStatus,
    onMutate: async (status: DeskStatus) => {
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<DeskMe>(key);
      if (before) client.setQueryData<DeskMe>(key, { ...before, status });
      return { before };
    },
    onError: (_error, _status, context) => {
      if (context?.before) client.setQueryData(key, context.before);
    },
  });
}

/** A claim: the queue and the agent's sessions are read again whether it won or lost the race. */
export function useClaim() {
  const client = useQueryClient();
  const { tenantId, userId } = useDeskOwner();
  return useMutation({
    mutationFn: ({ id }: { id: string }) => claimSession(id),
    onMutate: ({ id }) => {
      // The claimed customer leaves this desk's queue at once; a lost race brings the queue back below.
      client.setQueryData<QueueEntry[]>(deskKeys.queue(tenantId, userId), (queue) => queue?.filter((q) => q.id !== id));
    },
    onSettled: (_answer, _error, { id }) => {
      void client.invalidateQueries({ queryKey: deskKeys.queue(tenantId, userId) });
      void client.invalidateQueries({ queryKey: deskKeys.mine(tenantId, userId) });
      void client.invalidateQueries({ queryKey: deskKeys.session(tenantId, userId, id) });
      void client.invalidateQueries({ queryKey: deskKeys.stats(tenantId, userId) });
    },
  });
}

/** A send: the message joins the conversation as soon as the server took it. */
export function useSend(sessionId: string) {
  const client = useQueryClient();
  const { tenantId, userId } = useDeskOwner();
  const key = deskKeys.session(tenantId, userId, sessionId);
  return useMutation({
    mutationFn: (body: NewDeskMessage) => sendDeskMessage(sessionId, body),
    onSuccess: (sent: SentMessage, body) => {
      const detail = client.getQueryData<SessionDetail>(key);
      if (!detail) return;
      const me = useAuthStore.getState().user;
      const message: LiveMessage = {
        id: String(sent.id),
        content: body.content,
        sender: sent.sendId,
        senderKind: "agent",
        sendId: sent.sendId,
        timestamp: typeof sent.timestamp === "number" ? sent.timestamp : Date.now(),
        type: body.type,
        groupId: detail.session.groupId,
        sendNickName: me?.firstName ?? me?.userName ?? "",
        userAvatar: "",
      };
      applyMessage(client, key, message);
    },
  });
}

/** Closing: the session leaves the agent's list. */
export function useCloseSession() {
  const client = useQueryClient();
  const { tenantId, userId } = useDeskOwner();
  return useMutation({
    mutationFn: ({ id, resolution }: { id: string; resolution: string }) => closeSession(id, resolution),
    onSuccess: (_answer, { id }) => {
      client.setQueryData<DeskSession[]>(deskKeys.mine(tenantId, userId), (mine) => mine?.filter((s) => s.id !== id));
      client.removeQueries({ queryKey: deskKeys.session(tenantId, userId, id) });
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: deskKeys.mine(tenantId, userId) });
      void client.invalidateQueries({ queryKey: deskKeys.stats(tenantId, userId) });
    },
  });
}

function useRefreshCanned() {
  const client = useQueryClient();
  const { tenantId, userId } = useDeskOwner();
  return () => void client.invalidateQueries({ queryKey: deskKeys.canned(tenantId, userId) });
}

export function useAddCanned() {
  const refresh = useRefreshCanned();
  return useMutation({ mutationFn: (body: NewCannedReply): Promise<CannedReply> => addCanned(body), onSuccess: refresh });
}

/** A reply already gone (deleted by another agent) reloads the list too, so it disappears. */
export function useDeleteCanned() {
  const refresh = useRefreshCanned();
  return useMutation({ mutationFn: deleteCanned, onSettled: refresh });
}
