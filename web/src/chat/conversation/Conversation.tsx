import { useChat } from "@ai-sdk/react";
import { useQueryClient } from "@tanstack/react-query";
import type { FileUIPart } from "ai";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { logout } from "../../api/auth";
import { chatKeys, saveChat } from "../../api/chats";
import { useAuthStore } from "../../auth/store";
import type { AudioRecordingInfo } from "../../generated/AudioRecordingInfo";
import type { ModelInfo } from "../../generated/ModelInfo";
import { useLatest } from "../../lib/useLatest";
import { LiveAgentContext } from "../../liveAgent/context";
import { isLiveAgentSource } from "../../liveAgent/messages";
import { useLiveAgent } from "../../liveAgent/useLiveAgent";
import { ToolCallActionsContext } from "../../tools/shell/toolCall";
import { prepareAttachments } from "../attachments";
import { describeChatError, isConflict } from "../errors";
import { useAutosave } from "../hooks/useAutosave";
import { useOlderMessages } from "../hooks/useOlderMessages";
import { usePrependOlder } from "../hooks/usePrependOlder";
import { useStopAnswer } from "../hooks/useStopAnswer";
import { AttachmentDropZone } from "../input/AttachmentDropZone";
import { InputBar } from "../input/InputBar";
import { TooLargeDialog } from "../input/TooLargeDialog";
import { useAttachments } from "../input/useAttachments";
import { ImagesOnlyDialog } from "../liveAgent/ImagesOnlyDialog";
import { LiveAgentBanner } from "../liveAgent/LiveAgentBanner";
import { AskNeedDialog } from "../liveAgent/AskNeedDialog";
import { UserInfoDialog } from "../liveAgent/UserInfoDialog";
import { providerOptions, resolveModel } from "../models";
import { ModelPicker } from "../models/ModelPicker";
import { notify } from "../notices";
import type { LoadedRange } from "../paging";
import { usePreferences } from "../preferences";
import { shouldContinue } from "../toolCalls/continuation";
import { useAsyncTools } from "../toolCalls/useAsyncTools";
import { useToolCallActions } from "../toolCalls/useToolCallActions";
import { createChatTransport } from "../transport";
import { type ChatMessage, isRunning } from "../types";
import { AudioMenu } from "./AudioMenu";
import { ErrorFooter, ResultFailedFooter, UnansweredFooter } from "./ErrorFooter";
import { MessageList } from "./MessageList";
import { WelcomeState } from "./WelcomeState";

/** Spec 000 §7: streamed updates reach the screen at most every 50 ms. */
export const STREAM_THROTTLE_MS = 50;

type Props = {
  chatId: string;
  initialMessages: ChatMessage[];
  /** How much of the stored chat `initialMessages` is (a long chat opens on its newest page). */
  initialRange: LoadedRange;
  initialModel: string;
  /** A chat the server has not stored yet: nothing to resume. */
  isNew: boolean;
  /** The models on offer; undefined while they load. */
  models: ModelInfo[] | undefined;
  recordings: AudioRecordingInfo[];
  /** The server now holds this chat (first message sent or first save). */
  onStored: (chatId: string) => void;
  /** The user sent a message in this chat. */
  onUsed: (chatId: string) => void;
  /**
   * Load the chat afresh: the server refused a write naming a message it no longer has
   * (`changedElsewhere`), or every loaded message was deleted while older ones remain.
   */
  onReload: (chatId: string, changedElsewhere: boolean) => void;
  /** Rendered at the start of the header (the sidebar toggle). */
  headerStart?: ReactNode;
};

/** A live-agent message into the list: in place of one with its id, else at the end. */
const upsert = (list: ChatMessage[], message: ChatMessage): ChatMessage[] =>
  list.some((m) => m.id === message.id) ? list.map((m) => (m.id === message.id ? message : m)) : [...list, message];

const stamp = (message: ChatMessage): ChatMessage =>
  message.metadata?.createdAt ? message : { ...message, metadata: { ...message.metadata, createdAt: Date.now() } };

/**
 * One chat: its messages through `useChat` (stream, stop, resume), the model picker,
 * the input bar with attachments, autosave, and the older pages of a long chat. Mounted
 * once per chat id.
 */
export function Conversation({ chatId, initialMessages, initialRange, initialModel, isNew, models, recordings, onStored, onUsed, onReload, headerStart }: Props) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useAuthStore((s) => s.user);
  const [chosenModel, setModel] = useState(initialModel);
  // If the chat's model cannot run here (its key is missing), the first that can.
  const model = models ? resolveModel(chosenModel, models) : chosenModel;
  const modelRef = useLatest(model);
  // Until the usable models are known, the chosen one may not run here: send none then.
  const modelsKnownRef = useLatest(models !== undefined);
  const [sending, setSending] = useState(false);
  // The Live Agent switch asks what the user needs before anyone is queued.
  const [askingNeed, setAskingNeed] = useState(false);
  const [sentCount, setSentCount] = useState(0);
  // Live-agent messages join the chat like any other, so autosave stores them with it.
  const setMessagesRef = useRef<((update: (list: ChatMessage[]) => ChatMessage[]) => void) | null>(null);
  const addLiveMessage = useCallback((message: ChatMessage) => setMessagesRef.current?.((list) => upsert(list, message)), []);
  const liveAgent = useLiveAgent({ chatId, onMessage: addLiveMessage });
  const { attachments, add, remove, clear, refused, dismissRefused, unsupported, dismissUnsupported } = useAttachments(liveAgent.live);
  const stored = useRef(!isNew);
  const older = useOlderMessages(chatId, initialRange);
  const { loadedFrom, noteWritten } = older;

  // Once the server said the chat changed elsewhere, nothing more is written: it reloads.
  const reloading = useRef(false);
  const reload = useCallback(
    (changedElsewhere: boolean) => {
      if (reloading.current) return;
      reloading.current = true;
      onReload(chatId, changedElsewhere);
    },
    [chatId, onReload],
  );

  // A stored chat may have an answer running on the server: until the resume request
  // says, its last question is not known to be unanswered.
  const [resumeChecked, setResumeChecked] = useState(isNew);
  const transport = useMemo(
    () =>
      createChatTransport(
        // Not a read while rendering: the transport keeps this and calls it as each request is made.
        // eslint-disable-next-line react-hooks/refs
        () => ({
          model: modelsKnownRef.current ? modelRef.current : undefined,
          providerOptions: providerOptions(usePreferences.getState().modelOptions),
          loadedFrom: loadedFrom(),
        }),
        () => setResumeChecked(true),
      ),
    [loadedFrom, modelRef, modelsKnownRef],
  );

  const markStored = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: chatKeys.list, exact: true });
    if (stored.current) return;
    stored.current = true;
    onStored(chatId);
  }, [queryClient, onStored, chatId]);

  const { messages, setMessages, sendMessage, status, error, stop, regenerate, addToolOutput, addToolApprovalResponse } = useChat<ChatMessage>({
    id: chatId,
    messages: initialMessages,
    transport,
    throttle: STREAM_THROTTLE_MS,
    resume: !isNew,
    onError: (err) => {
      if (describeChatError(err).kind === "unauthorized") void logout();
      else if (isConflict(err) && loadedFrom() !== undefined) reload(true);
    },
    onFinish: ({ message, isError }) => {
      asyncTools.finished(message);
      setMessages((list) => list.map((m) => (m.id === message.id ? stamp(m) : m)));
      // An answer came back: the server stored the chat with the question first.
      if (!isError) markStored();
    },
    // Approvals answered, client tools' results posted, async results pending: the answer goes on.
    sendAutomaticallyWhen: ({ messages: list }) => shouldContinue(list, asyncTools.claimFollowUp),
  });
  useLayoutEffect(() => {
    setMessagesRef.current = setMessages;
  }, [setMessages]);
  const asyncTools = useAsyncTools({
    status,
    messages,
    setMessages,
    replaceOutput: async (tool, toolCallId, output) => {
      await addToolOutput({ tool, toolCallId, output });
    },
  });
  const {
    actions: toolCallActions,
    resultFailed,
    retryResult,
  } = useToolCallActions({ chatId, messages, addToolOutput, addToolApprovalResponse, settle: asyncTools.settle, status, post: () => sendMessage() });
  // An async task still working counts as a running answer: Stop (and Escape) can end it.
  const streaming = isRunning(status);
  const running = streaming || asyncTools.running;

  // The server stores the chat with the user's message before answering.
  useEffect(() => {
    if (status === "streaming") markStored();
  }, [status, markStored]);

  const { saveNow, rememberOlder } = useAutosave({
    status,
    messages,
    initialMessages,
    save: async (list) => {
      if (reloading.current) return;
      const from = loadedFrom();
      try {
        await saveChat(chatId, { messages: list, model: modelRef.current, ...(from ? { loadedFrom: from } : {}) });
      } catch (error) {
        if (from !== undefined && isConflict(error)) {
          reload(true);
          return;
        }
        throw error;
      }
      noteWritten(from, list);
      markStored();
    },
    onError: () => notify("error", t("errors.saveFailed")),
  });

  // Tell the server this is a stop, not a dropped connection (it keeps answering through
  // those), and let it end the answer, so the stopped tool calls read the same here.
  const stopStream = useStopAnswer({ chatId, running: streaming, stop, setMessages });
  // Spec 000 §4: Stop ends the stream, then cancels the async tasks still running (their
  // outputs say so, and autosave writes that).
  const cancelAsync = asyncTools.cancelAll;
  const stopAnswer = useCallback(async () => {
    if (streaming) await stopStream();
    cancelAsync();
  }, [streaming, stopStream, cancelAsync]);

  useEffect(() => {
    if (!running) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) void stopAnswer();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [running, stopAnswer]);

  /** In live-agent mode the words and images go to the person (images through the file service). */
  const sendToLiveAgent = async (text: string) => {
    if (liveAgent.currentStatus() !== "connected") return;
    onUsed(chatId);
    const images = attachments.map((a) => a.file);
    clear();
    setSending(true);
    try {
      await liveAgent.send(text, images);
    } finally {
      setSending(false);
    }
  };

  const send = async (text: string) => {
    // While the chat's open hand-over is looked up on load, what is sent waits: it must
    // not reach the AI when a person has the conversation.
    if (liveAgent.live || (await liveAgent.takesInput())) {
      await sendToLiveAgent(text);
      return;
    }
    onUsed(chatId);
    const files = attachments.map((a) => a.file);
    clear();
    setSentCount((n) => n + 1);
    let parts: Awaited<ReturnType<typeof prepareAttachments>>["parts"] = [];
    if (files.length > 0) {
      setSending(true);
      try {
        const prepared = await prepareAttachments(files);
        parts = prepared.parts;
        if (prepared.failed > 0) {
          notify(
            "warning",
            files.length === 1 ? t("errors.uploadFailedOne") : t("errors.uploadFailedMany", { n: prepared.failed }),
          );
        }
      } finally {
        setSending(false);
      }
    }
    const metadata = { createdAt: Date.now() };
    const trimmed = text.trim();
    try {
      await (trimmed ? sendMessage({ text: trimmed, files: parts, metadata }) : sendMessage({ files: parts, metadata }));
    } catch {
      notify("error", t("errors.sendFailed"));
    }
  };

  const messagesRef = useLatest(messages);
  const hasOlder = older.hasMore;
  const deleteMessage = useCallback(
    (messageId: string) => {
      const before = messagesRef.current;
      const after = before.filter((m) => m.id !== messageId);
      setMessages(after);
      saveNow(after).then(
        // Nothing loaded is left, but older messages are: show those.
        () => after.length === 0 && hasOlder && reload(false),
        () => {
          setMessages(before);
          notify("error", t("errors.deleteMessageFailed"));
        },
      );
    },
    [hasOlder, reload, saveNow, setMessages, t, messagesRef],
  );

  // The user's last message, edited: it keeps its files, its words change, and what
  // followed it goes (the SDK replaces the message; the server answers the new words).
  const resend = useCallback(
    (messageId: string, text: string) => {
      const original = messagesRef.current.find((m) => m.id === messageId);
      if (!original) return;
      const files = original.parts.filter((p): p is FileUIPart => p.type === "file");
      onUsed(chatId);
      setSentCount((n) => n + 1);
      sendMessage({ text, files, messageId, metadata: { createdAt: Date.now() } }).catch(() => notify("error", t("errors.sendFailed")));
    },
    [chatId, onUsed, sendMessage, t, messagesRef],
  );

  // A new answer to the last question: after a failed answer (Retry), for a question left
  // unanswered (Retry), or in place of the last answer (Regenerate). The protocol's
  // regenerate: the server answers the question again even when it has an answer.
  const answerAgain = useCallback(() => {
    setSentCount((n) => n + 1);
    regenerate().catch(() => notify("error", t("errors.sendFailed")));
  }, [regenerate, t]);

  const showOlder = usePrependOlder({ older, messages, setMessages, rememberOlder });

  const busy = running || sending;
  // Nothing running, no error shown, and the server said no answer is coming: the last
  // question needs a way to be answered.
  // (What the user said to the live agent is not a question for the AI.)
  const last = messages.at(-1);
  const unanswered = !busy && status !== "error" && resumeChecked && last?.role === "user" && !isLiveAgentSource(last);
  const empty = messages.length === 0;
  const lastQuestion = askingNeed ? lastQuestionOf(messages) : undefined;
  const selectLiveAgent = () => {
    // Without the service there is nothing to ask about: connect says it is not available.
    if (liveAgent.available) setAskingNeed(true);
    else liveAgent.connect();
  };
  return (
    <LiveAgentContext value={liveAgent}>
      <AttachmentDropZone onDrop={(files) => add(files, "pick")} imagesOnly={liveAgent.live}>
        <header className="flex h-14 shrink-0 items-center gap-1 border-b border-slate-200/70 bg-white/80 px-2 backdrop-blur sm:px-3">
          {headerStart}
          <ModelPicker models={models} value={model} onChange={setModel} />
          <div className="ml-auto flex items-center gap-1">
            <AudioMenu recordings={recordings} />
          </div>
        </header>
        {empty && !running ? (
          <WelcomeState model={model} onAsk={(q) => void send(q)} />
        ) : (
          <ToolCallActionsContext value={toolCallActions}>
            <MessageList
              messages={messages}
              status={status}
              chatModel={model}
              user={user}
              onDelete={running ? undefined : deleteMessage}
              onRegenerate={busy ? undefined : answerAgain}
              onResend={busy ? undefined : resend}
              sentCount={sentCount}
              older={{ hasMore: older.hasMore, loading: older.loading, failed: older.failed, onLoad: () => void showOlder() }}
              footer={
                resultFailed ? (
                  // Asking again would drop the answer the card holds: its result is posted again.
                  <ResultFailedFooter error={error} onRetry={retryResult} />
                ) : status === "error" ? (
                  <ErrorFooter error={error} onRetry={answerAgain} />
                ) : unanswered ? (
                  <UnansweredFooter onRetry={answerAgain} />
                ) : undefined
              }
            />
          </ToolCallActionsContext>
        )}
        <LiveAgentBanner state={liveAgent.state} />
        <InputBar
          running={running}
          sending={sending}
          attachments={attachments}
          onAddFiles={add}
          onRemoveFile={remove}
          onRemoveAllFiles={clear}
          onSend={(text) => void send(text)}
          onStop={() => void stopAnswer()}
          liveAgent={{ state: liveAgent.state, live: liveAgent.live, onSelectAi: liveAgent.leave, onSelectLiveAgent: selectLiveAgent }}
        />
        <TooLargeDialog refused={refused} onClose={dismissRefused} />
        <ImagesOnlyDialog refused={unsupported} onClose={dismissUnsupported} />
        <AskNeedDialog
          open={askingNeed}
          lastQuestion={lastQuestion}
          onCancel={() => setAskingNeed(false)}
          onConnect={(need) => {
            setAskingNeed(false);
            liveAgent.connect(need);
          }}
        />
        <UserInfoDialog request={liveAgent.userInfoRequest} />
      </AttachmentDropZone>
    </LiveAgentContext>
  );
}

/** The words of the user's last question to the assistant (not what they said to a live agent), if any. */
function lastQuestionOf(messages: readonly ChatMessage[]): string | undefined {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i]!;
    if (message.role !== "user" || isLiveAgentSource(message)) continue;
    const text = message.parts.flatMap((p) => (p.type === "text" ? [p.text] : [])).join(" ").trim();
    if (text) return text;
  }
  return undefined;
}
