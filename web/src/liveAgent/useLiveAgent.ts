import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../auth/store";
import { notify } from "../chat/notices";
import type { ChatMessage } from "../chat/types";
import { uploadFile } from "../files/upload";
import { useLatest } from "../lib/useLatest";
import { fetchLiveAgentConfig, liveAgentKeys } from "./config";
import { LiveAgentConnection } from "./connection";
import { systemMessage } from "./messages";
import { withTranslatedNotice } from "./serviceNotices";
import { type LiveAgentState, type LiveAgentStatus, canConnect, initialState } from "./state";
import { type UserInfo, type UserInfoForm, obtainUserInfo } from "./userInfo";
import { credentialsFor } from "./variants";

/** The statuses in which the chat talks to the live agent rather than the AI. */
const LIVE: ReadonlySet<LiveAgentStatus> = new Set(["authenticating", "connecting", "queued", "connected", "disconnecting"]);

/** Whether the input bar is in live-agent mode: connecting, queued, connected, or dropped and coming back. */
export function isLiveMode(state: LiveAgentState): boolean {
  return LIVE.has(state.status) || (state.status === "disconnected" && state.sessionId !== null);
}

/** While connecting or queued the way back to the AI is the connect button (Cancel, Leave Queue). */
export function aiSwitchBlocked(status: LiveAgentStatus): boolean {
  return status === "authenticating" || status === "connecting" || status === "queued" || status === "disconnecting";
}

/** A user-info form waiting for the user: resolve with the details, or null (cancelled). */
export type PendingUserInfo = { initial: Partial<UserInfo>; resolve: (info: UserInfo | null) => void };

export type LiveAgent = {
  /** The connection exists (its configuration loaded); false: 'Live Agent service is not available'. */
  available: boolean;
  state: LiveAgentState;
  live: boolean;
  /** Starts connecting (the connect button, the switch, with what the user said they need); failures are told to the user. */
  connect: (question?: string) => void;
  /** Leaves (Cancel Connection, Leave Queue, the AI button): ends in idle. */
  leave: () => void;
  /** Sends the text and images to the live agent; false when nothing could be sent. */
  send: (text: string, images: readonly File[]) => Promise<boolean>;
  /**
   * Whether what the user sends now goes to the live agent: waits for the look-up of the
   * chat's open session made on load, so nothing typed meanwhile reaches the AI.
   */
  takesInput: () => Promise<boolean>;
  /** The connection's status now (`state` is the last render's). */
  currentStatus: () => LiveAgentStatus;
  /** The third variant's form, while it is asked. */
  userInfoRequest: PendingUserInfo | null;
};

type Options = {
  chatId: string;
  /** Adds (or replaces, by id) a live-agent message in the chat. */
  onMessage: (message: ChatMessage) => void;
  /** The page shows a form for the third variant's details; without it, three prompts ask. */
  withForm?: boolean;
};

/**
 * The chat's live agent: its configuration, one connection per chat, its state for
 * React, and sending. System notices and the agent's messages reach the chat through
 * `onMessage`.
 */
export function useLiveAgent({ chatId, onMessage, withForm = true }: Options): LiveAgent {
  const { t } = useTranslation();
  const config = useQuery({ queryKey: liveAgentKeys.config, queryFn: ({ signal }) => fetchLiveAgentConfig(signal), staleTime: Infinity, retry: false });
  const [userInfoRequest, setUserInfoRequest] = useState<PendingUserInfo | null>(null);
  const latestRef = useLatest({ onMessage, t });
  const [connection, setConnection] = useState<LiveAgentConnection | null>(null);
  const connectionRef = useRef<LiveAgentConnection | null>(null);
  // Settles once this chat's open session was looked up (or there is no service to ask).
  const lookup = useRef<{ chatId: string; done: Promise<void>; settle: () => void } | null>(null);
  const lookupFor = useCallback((id: string) => {
    if (lookup.current?.chatId !== id) {
      let settle: () => void = () => undefined;
      const done = new Promise<void>((resolve) => {
        settle = resolve;
      });
      lookup.current = { chatId: id, done, settle };
    }
    return lookup.current;
  }, []);

  useEffect(() => {
    if (!config.data) return;
    const { serviceUrl, wsUrl, site } = config.data;
    const form: UserInfoForm | undefined = withForm
      ? () =>
          new Promise<UserInfo | null>((resolve) => {
            const user = useAuthStore.getState().user;
            setUserInfoRequest({
              initial: { email: user?.email ?? "", firstName: user?.firstName ?? "" },
              resolve: (info) => {
                setUserInfoRequest(null);
                resolve(info);
              },
            });
          })
      : undefined;
    const created = new LiveAgentConnection({
      serviceUrl,
      wsUrl,
      variant: site,
      credentials: credentialsFor(site),
      chatId,
      facilityId: useAuthStore.getState().facilityId ?? undefined,
      userInfo: () => {
        const { user, tenantId } = useAuthStore.getState();
        const { t: tr } = latestRef.current;
        return obtainUserInfo({
          userId: `${tenantId ?? ""}:${user?.userName ?? ""}`,
          now: Date.now(),
          form,
          prompt: (question) => window.prompt(question),
          questions: { email: tr("liveAgent.userInfo.promptEmail"), firstName: tr("liveAgent.userInfo.promptFirstName"), lastName: tr("liveAgent.userInfo.promptLastName") },
        });
      },
      events: {
        // The service's notices ("An agent joined"…) join the chat in the interface's language.
        onMessage: (message) => latestRef.current.onMessage(withTranslatedNotice(message, latestRef.current.t)),
        onSystem: (notice, groupId) => {
          const { t: tr, onMessage: add } = latestRef.current;
          const text = notice === "connectionFailed" ? tr("liveAgent.system.connectionFailed") : tr("liveAgent.system.disconnected");
          add(systemMessage(text, Date.now(), groupId ?? undefined));
        },
      },
    });
    setConnection(created);
    connectionRef.current = created;
    // A chat that handed over and is loaded again (a reload, another tab) takes its session up again.
    const { settle } = lookupFor(chatId);
    created.resume().then(settle, settle);
    return () => {
      created.dispose();
      if (connectionRef.current === created) connectionRef.current = null;
      setConnection(null);
    };
  }, [config.data, chatId, withForm, lookupFor, latestRef]);

  // Without the service there is nothing to resume.
  useEffect(() => {
    if (config.isError) lookupFor(chatId).settle();
  }, [config.isError, chatId, lookupFor]);

  const subscribe = useCallback((listener: () => void) => connection?.subscribe(listener) ?? (() => undefined), [connection]);
  const state = useSyncExternalStore(subscribe, () => connection?.getState() ?? initialState);

  const connect = useCallback((question?: string) => {
    if (!connection) {
      notify("error", t("liveAgent.errors.unavailable"));
      return;
    }
    if (!canConnect(connection.getState().status)) return;
    connection.connect(question ? { question } : {}).catch(() => notify("error", t("liveAgent.errors.connectFailed")));
  }, [connection, t]);

  const leave = useCallback(() => {
    void connection?.disconnect({ fromUi: true });
  }, [connection]);

  const send = useCallback(
    async (text: string, images: readonly File[]) => {
      if (!connection) {
        notify("error", t("liveAgent.errors.unavailable"));
        return false;
      }
      try {
        const trimmed = text.trim();
        if (trimmed) latestRef.current.onMessage(await connection.sendText(trimmed));
        for (const image of images) {
          const uploaded = await uploadFile(image);
          latestRef.current.onMessage(await connection.sendImage(uploaded.url, image.name));
        }
        return true;
      } catch {
        notify("error", t("liveAgent.errors.sendFailed"));
        return false;
      }
    },
    [connection, t, latestRef],
  );

  const takesInput = useCallback(async () => {
    await lookupFor(chatId).done;
    const current = connectionRef.current;
    return current !== null && isLiveMode(current.getState());
  }, [chatId, lookupFor]);

  const currentStatus = useCallback(() => connectionRef.current?.getState().status ?? "idle", []);

  return { available: connection !== null, state, live: isLiveMode(state), connect, leave, send, takesInput, currentStatus, userInfoRequest };
}
