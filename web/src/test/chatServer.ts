import type { ApiKeys } from "../generated/ApiKeys";
import type { ChatSummary } from "../generated/ChatSummary";
import type { LoginResponse } from "../generated/LoginResponse";
import type { ModelInfo } from "../generated/ModelInfo";
import { type Call, json } from "./fetchMock";

export const OFFLINE: ModelInfo = { id: "waybill-offline", name: "Offline (no AI provider)", provider: "offline", requiresKey: false };
export const NO_KEYS: ApiKeys = { openai: false, anthropic: false, google: false, deepseek: false };

type StoredChat = ChatSummary & { messages: unknown[]; model: string };

const idOf = (message: unknown): string | undefined =>
  typeof message === "object" && message !== null && "id" in message && typeof message.id === "string" ? message.id : undefined;

const STALE = { code: "conflict", message: "The chat changed since it was loaded; reload it and try again" };

/** The stored list after a write of `sent` that names `loadedFrom` (null: the stored message is gone). */
function written(stored: readonly unknown[], sent: unknown[], loadedFrom: string | undefined): unknown[] | null {
  if (loadedFrom === undefined) return sent;
  const at = stored.findIndex((m) => idOf(m) === loadedFrom);
  return at < 0 ? null : [...stored.slice(0, at), ...sent];
}

/** The newest `limit` of `messages` before index `end`, as the paging endpoints answer. */
function page(messages: readonly unknown[], end: number, limit: number) {
  const start = Math.max(0, end - limit);
  const slice = messages.slice(start, end);
  return { messages: slice, hasMore: start > 0, ...(start > 0 ? { cursor: idOf(slice[0]) } : {}) };
}

/** An SSE body of UI message chunks, as `POST /api/chat` answers. */
export function uiStream(chunks: readonly object[]): Response {
  const body = [...chunks.map((c) => `data: ${JSON.stringify(c)}\n\n`), "data: [DONE]\n\n"].join("");
  return new Response(body, {
    status: 200,
    headers: { "Content-Type": "text/event-stream", "x-vercel-ai-ui-message-stream": "v1" },
  });
}

/** A streamed text answer in one step. */
export function textAnswer(text: string, messageId = "msg_answer"): Response {
  return uiStream([
    { type: "start", messageId, messageMetadata: { model: "waybill-offline" } },
    { type: "start-step" },
    { type: "text-start", id: "t0" },
    { type: "text-delta", id: "t0", delta: text },
    { type: "text-end", id: "t0" },
    { type: "finish-step" },
    { type: "finish", finishReason: "stop" },
  ]);
}

type Options = {
  session: LoginResponse;
  models?: ModelInfo[];
  keys?: ApiKeys | "fail";
  chats?: StoredChat[];
  /** Answers `POST /api/chat`; by default a short text. */
  answer?: (call: Call) => Response | Promise<Response>;
  /** Overrides any route: return undefined to fall through to the fake. */
  override?: (call: Call) => Response | Promise<Response> | undefined;
};

/**
 * A fake Waybill server for component tests: auth profile, models, key check, chat
 * history in memory (paged, with `loadedFrom` partial writes and their 409), and the
 * chat stream. Hand it to `mockFetch`.
 */
export function fakeServer({ session, models = [OFFLINE], keys = NO_KEYS, chats = [], answer, override }: Options) {
  const store = new Map(chats.map((c) => [c.id, { ...c }]));
  const handler = async (call: Call): Promise<Response> => {
    const overridden = await override?.(call);
    if (overridden) return overridden;
    const { path, method } = call;
    const url = new URL(path, "http://waybill.test");
    const id = /^\/api\/chat-history\/([^/]+)$/.exec(url.pathname)?.[1];
    const pagedId = /^\/api\/chat-history\/([^/]+)\/messages$/.exec(url.pathname)?.[1];
    const limit = url.searchParams.get("limit");
    if (url.pathname === "/api/auth/me") return json(200, { user: session.user, tenants: session.tenants });
    if (url.pathname === "/api/models") return json(200, models);
    if (url.pathname === "/api/check-api-keys") return keys === "fail" ? json(500, { code: "internal", message: "boom" }) : json(200, keys);
    if (url.pathname === "/api/chat-history" && method === "GET") {
      return json(200, [...store.values()].map(({ id: chatId, title, updatedAt }) => ({ id: chatId, title, updatedAt })));
    }
    if (url.pathname === "/api/chat-history" && method === "DELETE") {
      const deleted = store.size;
      store.clear();
      return json(200, { deleted });
    }
    if (id && method === "GET") {
      const chat = store.get(id);
      if (!chat) return json(404, { code: "not_found", message: "Chat not found" });
      const messages = limit ? page(chat.messages, chat.messages.length, Number(limit)) : { messages: chat.messages, hasMore: false };
      return json(200, { ...messages, model: chat.model, title: chat.title, audioRecordings: [] });
    }
    if (pagedId && method === "GET") {
      const chat = store.get(pagedId);
      if (!chat) return json(404, { code: "not_found", message: "Chat not found" });
      const before = url.searchParams.get("before");
      const end = before ? chat.messages.findIndex((m) => idOf(m) === before) : chat.messages.length;
      if (end < 0) return json(404, { code: "not_found", message: "Message not found" });
      return json(200, page(chat.messages, end, Number(limit ?? 100)));
    }
    if (id && method === "PUT") {
      const body = call.body as { messages: unknown[]; model: string; loadedFrom?: string };
      const existing = store.get(id);
      const messages = written(existing?.messages ?? [], body.messages, body.loadedFrom);
      if (!messages) return json(409, STALE);
      store.set(id, { id, title: existing?.title ?? "New Chat", updatedAt: new Date().toISOString(), messages, model: body.model });
      return json(existing ? 200 : 201, { id });
    }
    if (id && method === "PATCH") {
      const chat = store.get(id);
      if (!chat) return json(404, { code: "not_found", message: "Chat not found" });
      chat.title = (call.body as { title: string }).title;
      return new Response(null, { status: 204 });
    }
    if (id && method === "DELETE") {
      return store.delete(id) ? new Response(null, { status: 204 }) : json(404, { code: "not_found", message: "Chat not found" });
    }
    if (url.pathname === "/api/chat" && method === "POST") {
      const body = call.body as { id: string; messages: unknown[]; model: string; loadedFrom?: string };
      const existing = store.get(body.id);
      const messages = written(existing?.messages ?? [], body.messages, body.loadedFrom);
      if (!messages) return json(409, STALE);
      store.set(body.id, { id: body.id, title: existing?.title ?? "New Chat", updatedAt: new Date().toISOString(), messages, model: body.model });
      return answer ? answer(call) : textAnswer("Hello from the fake server.");
    }
    if (/^\/api\/chat\/[^/]+\/stream$/.test(url.pathname)) return new Response(null, { status: 204 });
    if (/^\/api\/chat\/[^/]+\/stop$/.test(url.pathname)) return json(200, { stopped: true });
    return json(404, { code: "not_found", message: `no route ${method} ${url.pathname}` });
  };
  return { handler, store };
}
