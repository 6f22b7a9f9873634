import { DefaultChatTransport } from "ai";
import { authorizedFetch } from "../api/client";
import type { ChatRequest } from "../generated/ChatRequest";
import type { ProviderOptions } from "./models";
import type { ChatMessage } from "./types";

/**
 * What every request adds to the SDK's body, read when the request is made. Without a
 * model (the list of usable models has not arrived yet) the server picks its default.
 * `loadedFrom`: the oldest loaded message while older ones are not loaded (the server
 * keeps those and gives the model the whole history); absent once the chat is all here.
 */
export type RequestSettings = { model: string | undefined; providerOptions: ProviderOptions; loadedFrom: string | undefined };

/**
 * The SDK's own HTTP transport, unmodified, pointed at `POST /api/chat`. Requests go
 * through `authorizedFetch`, so each one carries fresh auth, tenant, facility and time
 * zone headers and survives an access-token refresh; resuming uses
 * `GET /api/chat/{id}/stream`. `onResumeChecked` is called once that request is answered
 * (or failed): only then is it known whether an answer is running on the server.
 */
export function createChatTransport(settings: () => RequestSettings, onResumeChecked?: () => void): DefaultChatTransport<ChatMessage> {
  const transport = new DefaultChatTransport<ChatMessage>({
    api: "/api/chat",
    fetch: authorizedFetch,
    prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => {
      const { model, providerOptions, loadedFrom } = settings();
      const body: ChatRequest = { id, messages, model, tools: true, providerOptions, trigger, messageId, ...(loadedFrom ? { loadedFrom } : {}) };
      return { body };
    },
  });
  if (onResumeChecked) {
    const reconnect = transport.reconnectToStream.bind(transport);
    transport.reconnectToStream = async (options) => {
      try {
        return await reconnect(options);
      } finally {
        onResumeChecked();
      }
    };
  }
  return transport;
}
