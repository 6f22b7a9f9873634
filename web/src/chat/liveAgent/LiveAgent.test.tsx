import { createEvent, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../auth/store";
import type { LoginResponse } from "../../generated/LoginResponse";
import { fakeServer } from "../../test/chatServer";
import { type Call, json, mockFetch } from "../../test/fetchMock";
import { makeJwt } from "../../test/jwt";
import { fakeLiveAgentServer } from "../../test/liveAgentServer";
import { renderApp } from "../../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const session: LoginResponse = {
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "t1", name: "Acme Logistics", facilities: [{ id: "f1", name: "Rotterdam DC" }], roles: [] }],
};

/** A stored chat whose last answer called connectLiveAgent. */
const offered = () => ({
  id: "c-claim",
  title: "Damaged pallet claim",
  updatedAt: "2026-11-20T08:30:00Z",
  model: "waybill-offline",
  messages: [
    { id: "u1", role: "user", parts: [{ type: "text", text: "I want to file a claim for a damaged pallet." }] },
    {
      id: "a1",
      role: "assistant",
      parts: [
        { type: "text", text: "A person from support can help with claims." },
        { type: "tool-connectLiveAgent", toolCallId: "call-1", state: "output-available", input: {}, output: { offered: true, reason: "Claims need a person" } },
      ],
    },
  ],
});

let uploads = 0;
function upload(call: Call): Response | undefined {
  if (!call.path.startsWith("/api/file-app/v1/file/upload")) return undefined;
  uploads += 1;
  const filename = new URL(call.path, "http://waybill.test").searchParams.get("filename") ?? "file";
  return json(200, { success: true, msg: "ok", data: { id: `file-${uploads}`, filename, non_expire_view_url: `/api/file-app/v1/file/view/tok-${uploads}/${filename}`, size: 68 } });
}

function setUp(live: ReturnType<typeof fakeLiveAgentServer> | null, override?: (call: Call) => Response | undefined) {
  const chat = fakeServer({
    session,
    chats: [offered()],
    override: (call) => override?.(call) ?? upload(call) ?? (live ? live.handle(call) : call.path === "/api/live-agent/config" ? json(500, { code: "internal", message: "x" }) : undefined),
  });
  live?.install();
  const calls = mockFetch(chat.handler);
  return { chat, calls };
}

const connectButton = () => screen.findByTestId("connect-live-agent", {}, { timeout: 5000 });
const box = () => screen.getByRole("textbox", { name: "Message" });

beforeEach(() => {
  useAuthStore.getState().signIn(session);
});
afterEach(() => vi.unstubAllGlobals());

describe("the live agent in the chat page", () => {
  it("queues: 'Leave Queue', the queue banner, the waiting hint, the input disabled and the way back to the AI blocked", async () => {
    const live = fakeLiveAgentServer({ position: 2 });
    setUp(live);
    renderApp("/?chat=c-claim");
    const button = await connectButton();
    expect(button).toHaveTextContent("Connect to Live Agent");
    expect(screen.getByText("Why: Claims need a person")).toBeInTheDocument();

    await userEvent.click(button);
    expect(await screen.findByText("Queued (Position: 2)")).toBeVisible();
    expect(screen.getByTestId("live-agent-waiting")).toHaveTextContent("You are in the queue. A live agent will be with you shortly.");
    expect(screen.getByTestId("connect-live-agent")).toHaveTextContent("Leave Queue");
    expect(box()).toBeDisabled();
    expect(box()).toHaveAttribute("placeholder", "Waiting for a live agent...");
    expect(screen.getByRole("button", { name: "AI Assistant" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Live Agent" })).toHaveAttribute("aria-pressed", "true");

    await userEvent.click(screen.getByTestId("connect-live-agent"));
    await waitFor(() => expect(screen.getByTestId("connect-live-agent")).toHaveTextContent("Connect to Live Agent"));
    expect(screen.queryByTestId("live-agent-banner")).toBeNull();
    expect(box()).toBeEnabled();
    expect(box()).toHaveAttribute("placeholder", "Type a message or use voice...");
    expect(live.sessions.get("s-1")!.status).toBe("closed");
  });

  it("the Live Agent switch asks what the user needs first: Cancel queues nobody, Connect hands over their words", async () => {
    const live = fakeLiveAgentServer({ position: 2 });
    const { calls } = setUp(live);
    renderApp("/?chat=c-claim");
    await connectButton();
    const creates = () => calls.filter((c) => c.path === "/app-api/customer/server/pool" && (c.body as { status?: string }).status === "1");

    await userEvent.click(screen.getByRole("button", { name: "Live Agent" }));
    let dialog = await screen.findByRole("dialog", { name: "Talk to a live agent" });
    const need = within(dialog).getByRole("textbox", { name: "What do you need help with?" });
    expect(need, "nothing is put in the user's mouth").toHaveValue("");
    expect(within(dialog).getByRole("button", { name: "Connect" })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(creates()).toEqual([]);
    expect(screen.getByRole("button", { name: "AI Assistant" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.queryByTestId("live-agent-banner")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Live Agent" }));
    dialog = await screen.findByRole("dialog", { name: "Talk to a live agent" });
    // The last question is offered, and taken only when picked.
    await userEvent.click(within(dialog).getByRole("button", { name: "Use my last question: I want to file a claim for a damaged pallet." }));
    expect(within(dialog).getByRole("textbox")).toHaveValue("I want to file a claim for a damaged pallet.");
    await userEvent.clear(within(dialog).getByRole("textbox"));
    await userEvent.type(within(dialog).getByRole("textbox"), "Pallet 7 arrived crushed, I need a claim number");
    await userEvent.click(within(dialog).getByRole("button", { name: "Connect" }));
    expect(await screen.findByText("Queued (Position: 2)")).toBeVisible();
    expect(creates().map((c) => (c.body as { question?: string }).question)).toEqual(["Pallet 7 arrived crushed, I need a claim number"]);
  });

  it("connected: talks to the agent, renders what the agent sends inert, keeps it with the chat, and shows it after a reload", async () => {
    const live = fakeLiveAgentServer({ agentAvailable: true });
    const { chat, calls } = setUp(live);
    const { unmount } = renderApp("/?chat=c-claim");
    await userEvent.click(await connectButton());

    expect(await screen.findByText("Live Agent Connected")).toBeVisible();
    const connected = screen.getByTestId("connect-live-agent");
    expect(connected).toHaveTextContent("Connected");
    expect(connected).toBeDisabled();
    expect(box()).toHaveAttribute("placeholder", "send a message to the live agent...");
    expect(screen.getByRole("button", { name: "Voice input" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Voice input" })).toHaveAttribute("title", "Voice is off while you talk to a live agent");
    expect(screen.getByTestId("file-input")).toHaveAttribute("accept", "image/*");
    expect(screen.getByRole("button", { name: "AI Assistant" })).toBeEnabled();

    await userEvent.type(box(), "The pallet on door 4 is crushed{Enter}");
    await waitFor(() => expect(live.sent).toEqual([{ sessionId: "s-1", content: "The pallet on door 4 is crushed", type: 0 }]));
    // Nothing went to the AI, and the AI is not asked to answer it.
    expect(calls.some((c) => c.path === "/api/chat")).toBe(false);
    await screen.findByText("The pallet on door 4 is crushed");
    expect(screen.queryByTestId("unanswered")).toBeNull();

    live.agentSays('Sorry to hear that. <img src="x" onerror="window.__pwned=1"> [open claim](javascript:window.__pwned=2)');
    const agent = await screen.findByText(/Sorry to hear that/);
    const bubble = agent.closest("article")!;
    expect(within(bubble).getByTestId("sender")).toHaveTextContent("Live Agent");
    expect(bubble.querySelector("img")).toBeNull();
    expect(bubble.innerHTML).not.toContain("javascript:");
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();

    const mine = screen.getByText("The pallet on door 4 is crushed").closest("article")!;
    expect(within(mine).getByTestId("sender")).toHaveTextContent("You");

    // Saved with the chat, in the chat form.
    await waitFor(() => {
      const stored = chat.store.get("c-claim")!.messages as { id: string; metadata?: Record<string, unknown> }[];
      expect(stored.filter((m) => m.id.startsWith("live-agent-"))).toHaveLength(2);
    });
    const stored = chat.store.get("c-claim")!.messages as { id: string; role: string; metadata: Record<string, unknown> }[];
    expect(stored.at(-1)).toMatchObject({ role: "assistant", metadata: { source: "live_agent", sender: "agent", sendId: live.agentId, groupId: "g-s-1", sendNickName: "Sam (Support)" } });
    expect(stored.at(-2)).toMatchObject({ role: "user", metadata: { source: "live_agent", sender: "user", sendId: live.customerId } });

    unmount();
    renderApp("/?chat=c-claim");
    const again = (await screen.findByText(/Sorry to hear that/)).closest("article")!;
    expect(within(again).getByTestId("sender")).toHaveTextContent("Live Agent");
    expect(screen.getByText("The pallet on door 4 is crushed")).toBeInTheDocument();
  });

  it("connected: images only — pasted and picked files alert with the spec's words, images go as type 1 links", async () => {
    const live = fakeLiveAgentServer({ agentAvailable: true });
    setUp(live);
    renderApp("/?chat=c-claim");
    await userEvent.click(await connectButton());
    await screen.findByText("Live Agent Connected");

    const pdf = new File(["%PDF"], "bol.pdf", { type: "application/pdf" });
    fireEvent.paste(box(), { clipboardData: { files: [pdf], types: ["Files"] } });
    const pasted = await screen.findByTestId("images-only-alert");
    expect(pasted).toHaveTextContent("Live Agent mode only supports image files. Cannot paste:");
    expect(pasted).toHaveTextContent("bol.pdf");
    await userEvent.click(within(pasted).getByRole("button", { name: "OK" }));

    const photo = new File(["png"], "crushed.png", { type: "image/png" });
    await userEvent.upload(screen.getByTestId("file-input"), [pdf, photo], { applyAccept: false });
    const picked = await screen.findByTestId("images-only-alert");
    expect(picked).toHaveTextContent("Live Agent mode only supports image files. The following files are not supported:");
    expect(picked).toHaveTextContent("bol.pdf");
    expect(picked).not.toHaveTextContent("crushed.png");
    await userEvent.click(within(picked).getByRole("button", { name: "OK" }));

    await userEvent.click(screen.getByRole("button", { name: "Send message" }));
    await waitFor(() => expect(live.sent).toEqual([{ sessionId: "s-1", content: "/api/file-app/v1/file/view/tok-1/crushed.png", type: 1 }]));

    const area = screen.getByTestId("input-bar");
    const event = createEvent.dragEnter(area);
    Object.defineProperty(event, "dataTransfer", { value: { types: ["Files"], files: [], dropEffect: "none" } });
    fireEvent(area, event);
    expect(screen.getByTestId("drop-overlay")).toHaveTextContent("Drop files hereImages only");
  });

  it("says 'Failed to send message to live agent' when the service refuses the message", async () => {
    const live = fakeLiveAgentServer({ agentAvailable: true });
    setUp(live);
    renderApp("/?chat=c-claim");
    await userEvent.click(await connectButton());
    await screen.findByText("Live Agent Connected");
    // The session ended on the service without the socket saying so: sending is refused (409).
    live.sessions.get("s-1")!.status = "closed";
    await userEvent.type(box(), "Are you still there?{Enter}");
    expect(await screen.findByText("Failed to send message to live agent")).toBeVisible();
    expect(live.sent).toEqual([]);
  });

  it("leaves from the AI button with 'Successfully disconnected from live agent.'", async () => {
    const live = fakeLiveAgentServer({ agentAvailable: true });
    setUp(live);
    renderApp("/?chat=c-claim");
    await userEvent.click(await connectButton());
    await screen.findByText("Live Agent Connected");
    await userEvent.click(screen.getByRole("button", { name: "AI Assistant" }));
    expect(await screen.findByText("Successfully disconnected from live agent.")).toBeVisible();
    expect(screen.getByTestId("connect-live-agent")).toHaveTextContent("Connect to Live Agent");
    expect(screen.getByRole("button", { name: "AI Assistant" })).toHaveAttribute("aria-pressed", "true");
    expect(live.sessions.get("s-1")!.status).toBe("closed");
  });

  it("says 'Failed to connect to live agent. Please try again later.' and offers 'Connection Failed - Retry'", async () => {
    const live = fakeLiveAgentServer();
    setUp(live, (call) => (call.path === "/app-api/iam/login/0" ? json(503, { code: 503, msg: "down" }) : undefined));
    renderApp("/?chat=c-claim");
    await userEvent.click(await connectButton());
    expect(await screen.findByText("Failed to connect to live agent. Please try again later.")).toBeVisible();
    expect(screen.getByText("Connection failed, please try again later.")).toBeInTheDocument();
    expect(screen.getByTestId("connect-live-agent")).toHaveTextContent("Connection Failed - Retry");
  });

  it("says 'Live Agent service is not available' when there is no connection", async () => {
    setUp(null);
    renderApp("/?chat=c-claim");
    await userEvent.click(await connectButton());
    expect(await screen.findByText("Live Agent service is not available")).toBeVisible();
  });

  it("third variant: asks email, first and last name in a form (cancel says nothing), and keeps them", async () => {
    const live = fakeLiveAgentServer({ site: "third", position: 1 });
    const { calls } = setUp(live);
    renderApp("/?chat=c-claim");
    await userEvent.click(await connectButton());
    const form = await screen.findByTestId("live-agent-user-info");
    expect(within(form).getByLabelText("Email")).toHaveValue("grace@example.test");
    expect(within(form).getByLabelText("First name")).toHaveValue("Grace");
    await userEvent.click(within(form).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByTestId("live-agent-user-info")).toBeNull());
    expect(screen.getByTestId("connect-live-agent")).toHaveTextContent("Connect to Live Agent");
    // Only the look-up for an open session made on load: no login, no session.
    expect(calls.filter((c) => c.path.startsWith("/app-api/")).map((c) => c.path)).toEqual(["/app-api/customer/server/open/c-claim"]);

    await userEvent.click(screen.getByTestId("connect-live-agent"));
    const again = await screen.findByTestId("live-agent-user-info");
    expect(within(again).getByRole("button", { name: "Continue" })).toBeDisabled();
    await userEvent.type(within(again).getByLabelText("Last name"), "Hopper");
    await userEvent.click(within(again).getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Queued (Position: 1)")).toBeVisible();
    const temp = calls.find((c) => c.path === "/app-api/customer/server/temp")!;
    expect(temp.body).toMatchObject({ email: "grace@example.test", firstName: "Grace", lastName: "Hopper", title: "Conversation with Grace Hopper", bizType: "UF", status: "1" });
    expect(JSON.parse(localStorage.getItem("waybill.liveAgent.userInfo.t1:ghopper")!)).toMatchObject({ email: "grace@example.test", lastName: "Hopper" });
  });

  describe("a reload while a person has the chat", () => {
    it("queued: the page comes back queued — banner, waiting hint, input disabled — and queues nobody twice", async () => {
      const live = fakeLiveAgentServer({ position: 2 });
      setUp(live);
      const { unmount } = renderApp("/?chat=c-claim");
      await userEvent.click(await connectButton());
      await screen.findByText("Queued (Position: 2)");
      unmount();

      renderApp("/?chat=c-claim");
      expect(await screen.findByText("Queued (Position: 2)", {}, { timeout: 5000 })).toBeVisible();
      expect(screen.getByTestId("live-agent-waiting")).toHaveTextContent("You are in the queue. A live agent will be with you shortly.");
      expect(await connectButton()).toHaveTextContent("Leave Queue");
      expect(box()).toBeDisabled();
      expect(screen.getByRole("button", { name: "AI Assistant" })).toBeDisabled();
      expect(live.sessions.size).toBe(1);
    });

    it("connected: what is typed goes to the agent — also when sent before the look-up answered — and the agent's words arrive", async () => {
      const live = fakeLiveAgentServer({ agentAvailable: true });
      let hold: Promise<void> | null = null;
      const { calls } = setUp(live);
      const { unmount } = renderApp("/?chat=c-claim");
      await userEvent.click(await connectButton());
      await screen.findByText("Live Agent Connected");
      unmount();

      // The look-up is slow: the user sends before it answers.
      let release!: () => void;
      hold = new Promise<void>((resolve) => {
        release = resolve;
      });
      const original = globalThis.fetch;
      vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes("/app-api/customer/server/open/") && hold) await hold;
        return original(input, init);
      });
      renderApp("/?chat=c-claim");
      await userEvent.type(await screen.findByRole("textbox", { name: "Message" }), "Is the trailer moved yet?{Enter}");
      release();
      await waitFor(() => expect(live.sent).toEqual([{ sessionId: "s-1", content: "Is the trailer moved yet?", type: 0 }]));
      expect(await screen.findByText("Live Agent Connected")).toBeVisible();
      expect(box()).toHaveAttribute("placeholder", "send a message to the live agent...");
      expect(calls.some((c) => c.path === "/api/chat")).toBe(false);

      live.agentSays("Yes, it is at door 9 now.");
      const answer = (await screen.findByText("Yes, it is at door 9 now.")).closest("article")!;
      expect(within(answer).getByTestId("sender")).toHaveTextContent("Live Agent");
      await userEvent.type(box(), "Thanks{Enter}");
      await waitFor(() => expect(live.sent.map((m) => m.content)).toEqual(["Is the trailer moved yet?", "Thanks"]));
      expect(calls.some((c) => c.path === "/api/chat")).toBe(false);
    });

    it("a chat with no open session stays with the assistant", async () => {
      const live = fakeLiveAgentServer({ position: 1 });
      setUp(live);
      renderApp("/?chat=c-claim");
      expect(await connectButton()).toHaveTextContent("Connect to Live Agent");
      await waitFor(() => expect(live.counts.lookups).toBe(1));
      expect(screen.queryByTestId("live-agent-banner")).toBeNull();
      expect(live.counts.login).toBe(0);
    });
  });
});
