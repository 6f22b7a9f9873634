// Protocol conformance: the AI SDK's own chat client (AbstractChat + DefaultChatTransport,
// the same code `useChat` runs) against a running Waybill server. Every scenario checks
// what the SDK assembled, that it equals what the server stored, and how many requests
// the client made. Run by the server's test suite, which starts the server with test
// tools (see crates/waybill-server/tests/ui_stream_conformance.rs):
//
//   WAYBILL_URL=… WAYBILL_TOKEN=… WAYBILL_TENANT=… WAYBILL_FACILITY=… node conformance/ui-stream.mjs
//
// Prints one line per scenario; exits non-zero on the first failure.

import assert from 'node:assert/strict';
import {
  AbstractChat,
  DefaultChatTransport,
  lastAssistantMessageIsCompleteWithToolCalls,
  uiMessageChunkSchema,
} from 'ai';

const base = process.env.WAYBILL_URL;
const headers = {
  Authorization: `Bearer ${process.env.WAYBILL_TOKEN}`,
  'X-Tenant-Id': process.env.WAYBILL_TENANT,
  'X-Facility-Id': process.env.WAYBILL_FACILITY,
  'X-Timezone': 'Asia/Tokyo',
};
const model = process.env.WAYBILL_MODEL ?? 'waybill-offline';

class State {
  status = 'ready';
  error = undefined;
  constructor(messages = []) {
    this.messages = messages;
  }
  pushMessage = (m) => { this.messages = [...this.messages, m]; };
  popMessage = () => { this.messages = this.messages.slice(0, -1); };
  replaceMessage = (i, m) => { this.messages = this.messages.map((x, j) => (j === i ? m : x)); };
  snapshot = (thing) => structuredClone(thing);
}

class Chat extends AbstractChat {
  constructor({ messages, ...init }) {
    super({ ...init, state: new State(messages) });
  }
}

/** Chunks the SDK schema rejected, from any scenario. */
const rejected = [];

let counter = 0;
const newId = (prefix) => `${prefix}-${process.pid}-${++counter}`;

/** A chat whose transport counts requests and validates every chunk against the SDK schema. */
function chat(options = {}) {
  const requests = [];
  const chunks = [];
  const fetchSpy = async (url, init) => {
    requests.push({ url: String(url), method: init?.method ?? 'GET', body: init?.body ? JSON.parse(init.body) : undefined });
    const response = await fetch(url, init);
    if (!response.body) return response;
    const [mine, theirs] = response.body.tee();
    readChunks(mine, chunks).catch((err) => rejected.push(err));
    return new Response(theirs, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
  const instance = new Chat({
    id: options.id ?? newId('conf'),
    generateId: () => newId('u'),
    transport: new DefaultChatTransport({
      api: `${base}/api/chat`,
      headers,
      fetch: fetchSpy,
      prepareSendMessagesRequest: ({ id, messages, trigger, messageId, body }) => ({
        body: { ...body, id, messages, trigger, messageId, model },
      }),
    }),
    sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithToolCalls,
    ...options,
  });
  return { chat: instance, requests, chunks };
}

async function readChunks(stream, out) {
  const text = await new Response(stream).text();
  for (const frame of text.split('\n\n')) {
    if (!frame.trim()) continue;
    assert.ok(frame.startsWith('data: '), `every frame is a data line: ${frame}`);
    const data = frame.slice(6);
    if (data === '[DONE]') continue;
    const chunk = JSON.parse(data);
    const result = await uiMessageChunkSchema().validate?.(chunk);
    if (result && !result.success) throw new Error(`chunk rejected by the SDK schema: ${data}: ${result.error}`);
    out.push(chunk);
  }
}

async function api(path, init = {}) {
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...headers, 'Content-Type': 'application/json' } });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function stored(chatId) {
  const res = await api(`/api/chat-history/${chatId}`);
  assert.equal(res.status, 200);
  return res.body.messages;
}

/** Waits until the SDK has settled (it may send automatically after a client tool). */
async function settled(c) {
  for (let i = 0; i < 400; i++) {
    if (c.status === 'ready' || c.status === 'error') {
      await new Promise((r) => setTimeout(r, 30));
      if (c.status === 'ready' || c.status === 'error') return;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`chat did not settle: ${c.status}`);
}

/** What the client would send: the JSON form, where undefined fields are absent. */
const wire = (value) => JSON.parse(JSON.stringify(value));

const partTypes = (m) => m.parts.map((p) => p.type);

const scenarios = {
  async 'a text reply'() {
    const { chat: c, requests } = chat();
    await c.sendMessage({ text: 'hello there' });
    await settled(c);
    assert.equal(c.status, 'ready');
    assert.equal(requests.length, 1);
    const answer = c.messages[1];
    assert.deepEqual(partTypes(answer), ['step-start', 'text']);
    assert.match(answer.parts[1].text, /No AI provider is set up yet/);
    assert.equal(answer.parts[1].state, 'done');
    assert.deepEqual(await stored(c.id), wire(c.messages));
  },

  async 'text and a server tool'() {
    const { chat: c, requests } = chat();
    await c.sendMessage({ text: 'What time is it in Tokyo?' });
    await settled(c);
    assert.equal(c.status, 'ready');
    assert.equal(requests.length, 1);
    const [user, answer] = c.messages;
    assert.equal(user.role, 'user');
    assert.equal(answer.role, 'assistant');
    assert.deepEqual(partTypes(answer), ['step-start', 'tool-timeTool', 'step-start', 'text']);
    const tool = answer.parts[1];
    assert.equal(tool.state, 'output-available');
    assert.equal(tool.providerExecuted, true);
    assert.equal(tool.output.timezone, 'Asia/Tokyo');
    assert.equal(answer.parts[3].state, 'done');
    assert.deepEqual(answer.metadata, { model });
    assert.deepEqual(await stored(c.id), wire(c.messages), 'the server stored what the SDK assembled');
  },

  async 'a client tool continues the same message without a resubmit loop'() {
    const { chat: c, requests } = chat({
      onToolCall: ({ toolCall }) => {
        if (toolCall.toolName === 'formTool') {
          c.addToolOutput({ tool: 'formTool', toolCallId: toolCall.toolCallId, output: { dock: 'D7', pallets: 12 } });
        }
      },
    });
    await c.sendMessage({ text: 'open the dock form' });
    await settled(c);
    assert.equal(c.status, 'ready');
    assert.equal(requests.length, 2, 'one request for the question, one to continue after the form');
    assert.equal(requests[1].body.messageId, c.messages[1].id, 'the continuation names the assistant message');
    assert.equal(requests[1].body.messages.at(-1).role, 'assistant');
    assert.equal(c.messages.length, 2, 'the continuation extends the same assistant message');
    const answer = c.messages[1];
    const form = answer.parts.find((p) => p.type === 'tool-formTool');
    assert.equal(form.state, 'output-available');
    assert.equal(form.providerExecuted, undefined, 'client tools are not provider-executed');
    assert.deepEqual(form.output, { dock: 'D7', pallets: 12 });
    const text = answer.parts.filter((p) => p.type === 'text').map((p) => p.text).join('');
    assert.match(text, /D7/);
    assert.deepEqual(await stored(c.id), wire(c.messages));
  },

  async 'a failing tool becomes an error part and the answer goes on'() {
    const { chat: c } = chat();
    await c.sendMessage({ text: 'use the broken scanner' });
    await settled(c);
    assert.equal(c.status, 'ready');
    const answer = c.messages[1];
    const tool = answer.parts.find((p) => p.type === 'tool-brokenTool');
    assert.equal(tool.state, 'output-error');
    assert.match(tool.errorText, /scanner is offline/);
    assert.ok(answer.parts.some((p) => p.type === 'text' && /did not work: .*scanner is offline/.test(p.text)));
    assert.deepEqual(await stored(c.id), wire(c.messages));
  },

  async 'a provider failure ends with an error the client does not mistake for a sign-out'() {
    if (!process.env.WAYBILL_FAILING_MODEL) return 'skipped (no failing model configured)';
    const { chat: c } = chat({
      transport: new DefaultChatTransport({
        api: `${base}/api/chat`,
        headers,
        prepareSendMessagesRequest: ({ id, messages, trigger, messageId }) => ({
          body: { id, messages, trigger, messageId, model: process.env.WAYBILL_FAILING_MODEL },
        }),
      }),
    });
    let reported;
    c.onError = (e) => { reported = e; };
    await c.sendMessage({ text: 'hello' });
    await settled(c);
    assert.equal(c.status, 'error');
    const message = c.error?.message ?? reported?.message ?? '';
    assert.ok(message.length > 0, 'the error has a text');
    assert.doesNotMatch(message, /401|unauthorized/i);
  },

  async 'stop ends the answer and the running tool is marked stopped'() {
    const { chat: c, chunks } = chat();
    const sending = c.sendMessage({ text: 'open the gate' });
    for (let i = 0; i < 300 && !chunks.some((k) => k.type === 'tool-input-available'); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    // The tee'd copy is read as it arrives; wait for the SDK to show the running tool.
    for (let i = 0; i < 300 && !c.messages[1]?.parts.some((p) => p.type === 'tool-gateTool'); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    const stop = await api(`/api/chat/${c.id}/stop`, { method: 'POST' });
    assert.deepEqual(stop.body, { stopped: true });
    await sending;
    await settled(c);
    assert.equal(c.status, 'ready');
    const tool = c.messages[1].parts.find((p) => p.type === 'tool-gateTool');
    assert.equal(tool.state, 'output-error');
    assert.match(tool.errorText, /Stopped before it finished/);
    assert.equal(tool.resultProviderMetadata?.waybill?.stopped, true, 'the card knows it was stopped');
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await stored(c.id), wire(c.messages));
  },

  async 'resume replays an answer that is still running'() {
    const id = newId('resume');
    const user = { id: newId('u'), role: 'user', parts: [{ type: 'text', text: 'run the slow count' }] };
    const started = await fetch(`${base}/api/chat`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id, messages: [user], model, trigger: 'submit-message' }),
    });
    assert.equal(started.status, 200);
    started.body.cancel(); // the first tab goes away; the answer keeps running
    const { chat: c, requests } = chat({ id, messages: [user] });
    await c.resumeStream();
    await settled(c);
    assert.equal(requests[0].method, 'GET');
    assert.ok(requests[0].url.endsWith(`/api/chat/${id}/stream`));
    assert.equal(c.messages.length, 2);
    assert.ok(c.messages[1].parts.some((p) => p.type === 'tool-slowTool' && p.state === 'output-available'));
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(await stored(id), wire(c.messages));

    const { chat: idle } = chat({ id, messages: c.messages });
    await idle.resumeStream();
    assert.equal(idle.status, 'ready', 'nothing running: 204 and nothing changes');
    assert.equal(idle.messages.length, 2);
  },
};

let failed = false;
for (const [name, run] of Object.entries(scenarios)) {
  try {
    const note = await run();
    await new Promise((r) => setTimeout(r, 20));
    if (rejected.length) throw rejected.splice(0)[0];
    console.log(`ok - ${name}${note ? ` (${note})` : ''}`);
  } catch (err) {
    failed = true;
    console.log(`not ok - ${name}\n${err?.stack ?? err}`);
  }
}
process.exit(failed ? 1 : 0);
