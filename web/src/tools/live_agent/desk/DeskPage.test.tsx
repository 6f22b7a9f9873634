import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { LoginResponse } from "../../../generated/LoginResponse";
import { chooseLanguage } from "../../../i18n";
import { FACILITIES } from "../../../test/adminServer";
import { fakeServer } from "../../../test/chatServer";
import { type FakeSession, deskSession, deskSocket, fakeDeskServer, liveMessage } from "../test/deskServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { renderApp } from "../../../test/render";
import { NOTIFICATIONS_DECLINED_KEY } from "./alerts";

const nowSec = () => Math.floor(Date.now() / 1000);
const sessionWith = (roles: ("admin" | "agent")[]): LoginResponse => ({
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles }],
});
const agent = sessionWith(["agent"]);

/** A browser's Notification API: what the page shows, and what the agent answers when asked. */
class FakeNotification {
  static permission: NotificationPermission = "granted";
  static answer: NotificationPermission = "granted";
  static shown: { title: string; body: string | undefined }[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = FakeNotification.answer;
    return FakeNotification.answer;
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, body: options?.body });
  }
  close() {}
}

/** The Web Audio API, counting the tones the desk plays. */
class FakeAudioContext {
  static tones: number[] = [];
  state = "running";
  currentTime = 0;
  destination = {};
  resume = async () => undefined;
  createOscillator() {
    const oscillator = {
      type: "sine",
      frequency: { value: 0, setValueAtTime: (value: number) => (oscillator.frequency.value = value) },
      connect: <T,>(node: T) => node,
      start: () => FakeAudioContext.tones.push(oscillator.frequency.value),
      stop: () => undefined,
    };
    return oscillator;
  }
  createGain() {
    return { gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined }, connect: <T,>(node: T) => node };
  }
}

beforeEach(() => {
  FakeNotification.permission = "granted";
  FakeNotification.answer = "granted";
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  FakeAudioContext.tones = [];
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", FakeAudioContext);
});
afterEach(() => vi.unstubAllGlobals());

const CONVERSATION = [
  { id: "m1", role: "user", parts: [{ type: "text", text: "Where is load 4471? <b>urgent</b>" }] },
  {
    id: "m2",
    role: "assistant",
    parts: [
      { type: "tool-trackShipment", toolCallId: "c1", state: "output-available", input: {}, output: {} },
      { type: "text", text: "Load **4471** is at the gate. [Details](javascript:alert(1))" },
    ],
  },
];

const dana = () =>
  deskSession("s-dana", { name: "Dana Whitfield", facilityId: "yard-fontana", preview: "My trailer has been at door 12 for three hours", waited: 125, conversation: CONVERSATION });
const omar = () => deskSession("s-omar", { name: "Omar Reyes", preview: "Claim for a damaged pallet", waited: 40 });
const lee = () =>
  deskSession("s-lee", {
    name: "Lee Park",
    status: "active",
    preview: "Dock appointment",
    messages: [liveMessage("m-lee-1", "customer", "Hello, I need to move my dock appointment.")],
  });

type Open = { session?: LoginResponse; sessions?: FakeSession[] } & Omit<NonNullable<Parameters<typeof fakeDeskServer>[0]>, "sessions">;

/** The desk, signed in with `session`, against the fake desk API. */
async function openDesk({ session = agent, sessions = [dana(), omar(), lee()], ...options }: Open = {}) {
  useAuthStore.getState().signIn(session);
  const desk = fakeDeskServer({ sessions, ...options });
  const calls = mockFetch(fakeServer({ session, override: desk.handler }).handler);
  const app = renderApp("/desk");
  await screen.findByRole("heading", { level: 1 }, { timeout: 5000 });
  return { ...app, calls, desk, user: userEvent.setup() };
}

/** Opens the desk socket as the server would. */
async function goLive() {
  await waitFor(() => expect(deskSocket()).toBeDefined());
  const socket = deskSocket()!;
  act(() => socket.accept());
  return socket;
}

const queueEntries = () => screen.queryAllByTestId("desk-queue-entry");
const queueNames = () => queueEntries().map((e) => e.querySelector(".font-semibold")?.textContent);
const deskCalls = (calls: Call[], method: string, path: string) => calls.filter((c) => c.method === method && c.path === path);

describe("the agent desk", { timeout: 30_000 }, () => {
  it("tells a member who is not an agent that the desk is for agents, and offers no link to it", async () => {
    const member = sessionWith([]);
    const { calls, user } = await openDesk({ session: member, role: "member" });
    expect(screen.getByRole("heading", { level: 1, name: "The agent desk is for live agents" })).toBeVisible();
    expect(screen.getByText("Ask an administrator of this tenant to give you the Agent role on the Users page.")).toBeVisible();
    expect(calls.some((c) => c.path.startsWith("/api/desk/"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.queryByRole("menuitem", { name: "Agent desk" })).toBeNull();
  });

  it("shows an administrator who is not an agent today's figures, without the queue", async () => {
    const { calls } = await openDesk({ session: sessionWith(["admin"]), role: "admin", otherAgentsOnline: 2 });
    expect(screen.getByRole("heading", { level: 1, name: "Agent desk" })).toBeVisible();
    expect(screen.getByText(/To take the queue yourself, give yourself the Agent role on the Users page\./)).toBeVisible();
    const stats = screen.getByRole("region", { name: "Today" });
    await waitFor(() => expect(within(stats).getByTestId("desk-stat-queue")).toHaveTextContent("Waiting now2"));
    expect(within(stats).getByTestId("desk-stat-agents")).toHaveTextContent("Agents online2");
    expect(screen.queryByRole("list", { name: "Queue" })).toBeNull();
    expect(calls.some((c) => c.path === "/api/desk/queue")).toBe(false);
  });

  it("is reached from the user menu and lists the queue oldest first with name, facility, wait and preview", async () => {
    const { router, user } = await openDesk();
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.getByRole("menuitem", { name: "Agent desk" })).toHaveAttribute("href", "/desk");
    await user.keyboard("{Escape}");
    expect(router.state.location.pathname).toBe("/desk");

    await waitFor(() => expect(queueNames()).toEqual(["Dana Whitfield", "Omar Reyes"]));
    const first = within(queueEntries()[0]!);
    expect(first.getByText("Fontana Yard")).toBeVisible();
    expect(first.getByText("My trailer has been at door 12 for three hours")).toBeVisible();
    expect(first.getByTestId("desk-wait").textContent).toMatch(/^2:0[5-9]$/);
    expect(within(queueEntries()[1]!).getByText("Ontario DC")).toBeVisible();
    expect(within(screen.getByRole("list", { name: "My conversations" })).getByText("Lee Park")).toBeVisible();

    // The AI conversation so far, read only; the assistant's words through the sanitised markdown.
    await user.click(screen.getByRole("button", { name: /Dana Whitfield/ }));
    const transcript = await screen.findByTestId("desk-ai-conversation");
    expect(within(transcript).getByText("Conversation with the assistant before the hand-over (2 messages)")).toBeVisible();
    expect(within(transcript).getByText("Where is load 4471? <b>urgent</b>")).toBeVisible();
    expect(within(transcript).getByText("Tool: trackShipment")).toBeVisible();
    expect(within(transcript).getByText("4471").tagName).toBe("STRONG");
    expect(within(transcript).queryByRole("link")).toBeNull();
    expect(within(transcript).getByText("Details").closest("a")).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Reply" })).toBeNull();
    expect(screen.getByRole("button", { name: "Claim" })).toBeEnabled();
  });

  it("keeps the queue live from the socket: arrivals join, a customer claimed by another agent leaves", async () => {
    const { desk } = await openDesk();
    await waitFor(() => expect(queueNames()).toEqual(["Dana Whitfield", "Omar Reyes"]));
    await goLive();
    act(() => desk.enqueue(deskSession("s-kim", { name: "Kim Nguyen", preview: "Wrong pallet count" })));
    await waitFor(() => expect(queueNames()).toEqual(["Dana Whitfield", "Omar Reyes", "Kim Nguyen"]));
    act(() => desk.claimByOther("s-dana"));
    await waitFor(() => expect(queueNames()).toEqual(["Omar Reyes", "Kim Nguyen"]));
  });

  it("keeps a customer this agent claimed in another tab open, and says when another agent took the one looked at", async () => {
    const { desk, user } = await openDesk();
    await waitFor(() => expect(queueNames()).toEqual(["Dana Whitfield", "Omar Reyes"]));
    await goLive();

    await user.click(screen.getByRole("button", { name: /Dana Whitfield/ }));
    await screen.findByRole("button", { name: "Claim" });
    act(() => desk.claimInAnotherTab("s-dana"));
    expect(await screen.findByRole("textbox", { name: "Reply" })).toBeVisible();
    expect(within(screen.getByRole("list", { name: "My conversations" })).getByText("Dana Whitfield")).toBeVisible();
    expect(screen.queryByTestId("action-notice")).toBeNull();

    await user.click(screen.getByRole("button", { name: /Omar Reyes/ }));
    await screen.findByRole("button", { name: "Claim" });
    act(() => desk.claimByOther("s-omar"));
    expect(await screen.findByTestId("action-notice")).toHaveTextContent("Another agent took the conversation you were looking at.");
    expect(screen.queryByTestId("desk-session")).toBeNull();
  });

  it("notifies and chimes when someone joins the queue while online, and stays quiet while away", async () => {
    const { desk, user, calls } = await openDesk();
    await waitFor(() => expect(queueNames()).toHaveLength(2));
    await goLive();
    expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
    expect(FakeNotification.shown).toEqual([]);

    act(() => desk.enqueue(deskSession("s-kim", { name: "Kim Nguyen", preview: "Wrong pallet count" })));
    await waitFor(() => expect(FakeNotification.shown).toEqual([{ title: "Kim Nguyen is waiting for an agent", body: "Wrong pallet count" }]));
    expect(FakeAudioContext.tones).toEqual([660, 880]);

    await user.click(screen.getByRole("button", { name: "Away" }));
    await waitFor(() => expect(deskCalls(calls, "PUT", "/api/desk/me").map((c) => c.body)).toEqual([{ status: "away" }]));
    expect(screen.getByRole("button", { name: "Away" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByText("You are away: you are not told when someone joins the queue.")).toBeVisible();
    expect(desk.presence()).toBe("away");
    act(() => desk.enqueue(deskSession("s-ann", { name: "Ann Lee" })));
    await waitFor(() => expect(queueNames()).toContain("Ann Lee"));
    expect(FakeNotification.shown).toHaveLength(1);
    expect(FakeAudioContext.tones).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Online" }));
    await waitFor(() => expect(deskCalls(calls, "PUT", "/api/desk/me").at(-1)?.body).toEqual({ status: "online" }));
  });

  it("asks for notification permission only on a click, and respects a refusal", async () => {
    FakeNotification.permission = "default";
    FakeNotification.answer = "denied";
    const { desk, user } = await openDesk();
    await waitFor(() => expect(queueNames()).toHaveLength(2));
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    const prompt = screen.getByRole("region", { name: "Notifications" });
    await user.click(within(prompt).getByRole("button", { name: "Turn on notifications" }));
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByTestId("desk-notifications-denied")).toHaveTextContent("Notifications are blocked for this site");

    await goLive();
    act(() => desk.enqueue(deskSession("s-kim", { name: "Kim Nguyen" })));
    await waitFor(() => expect(queueNames()).toContain("Kim Nguyen"));
    expect(FakeNotification.shown).toEqual([]);
    expect(FakeAudioContext.tones).toEqual([660, 880]);
  });

  it("remembers 'Not now' and does not ask again", async () => {
    FakeNotification.permission = "default";
    const { user, unmount } = await openDesk();
    await user.click(screen.getByRole("button", { name: "Not now" }));
    expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
    expect(localStorage.getItem(NOTIFICATIONS_DECLINED_KEY)).toBe("1");
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    unmount();
    await openDesk();
    expect(screen.queryByRole("region", { name: "Notifications" })).toBeNull();
  });

  it("claims a customer, and says so clearly when another agent claimed them first", async () => {
    const { desk, user, calls } = await openDesk();
    await waitFor(() => expect(queueNames()).toEqual(["Dana Whitfield", "Omar Reyes"]));

    await user.click(screen.getByRole("button", { name: /Dana Whitfield/ }));
    const claim = await screen.findByRole("button", { name: "Claim" });
    // Another agent wins the race before this desk hears of it.
    desk.claimByOther("s-dana", false);
    await user.click(claim);
    const notice = await screen.findByTestId("action-notice");
    expect(notice).toHaveTextContent("Another agent claimed this conversation first. The queue was refreshed.");
    expect(notice).toHaveTextContent("This session was claimed by another agent");
    await waitFor(() => expect(queueNames()).toEqual(["Omar Reyes"]));
    expect(screen.queryByTestId("desk-session")).toBeNull();

    await user.click(screen.getByRole("button", { name: /Omar Reyes/ }));
    await user.click(await screen.findByRole("button", { name: "Claim" }));
    expect(deskCalls(calls, "POST", "/api/desk/sessions/s-omar/claim")).toHaveLength(1);
    expect(await screen.findByRole("textbox", { name: "Reply" })).toBeVisible();
    expect(screen.queryByTestId("action-notice")).toBeNull();
    await waitFor(() => expect(queueNames()).toEqual([]));
    expect(screen.queryByTestId("action-notice")).toBeNull();
    expect(screen.getByText("Nobody is waiting.")).toBeVisible();
    expect(within(screen.getByRole("list", { name: "My conversations" })).getByText("Omar Reyes")).toBeVisible();
  });

  it("sends text and images, and shows the customer's messages as they arrive", async () => {
    const { desk, user, calls } = await openDesk();
    await user.click(await screen.findByRole("button", { name: /Lee Park/ }));
    const reply = await screen.findByRole("textbox", { name: "Reply" });
    expect(screen.getByText("Hello, I need to move my dock appointment.")).toBeVisible();
    await goLive();

    await user.type(reply, "Sure, which day works?{Enter}");
    await waitFor(() => expect(deskCalls(calls, "POST", "/api/desk/sessions/s-lee/messages").map((c) => c.body)).toEqual([{ content: "Sure, which day works?", type: 0 }]));
    await waitFor(() => expect(reply).toHaveValue(""));
    // The send's answer and the socket both bring it: shown once.
    await waitFor(() => expect(screen.getAllByText("Sure, which day works?")).toHaveLength(1));

    act(() => void desk.customerSays("s-lee", "Thursday at 9, please."));
    expect(await screen.findByText("Thursday at 9, please.")).toBeVisible();

    const image = new File([new Uint8Array([137, 80, 78, 71])], "dock door.png", { type: "image/png" });
    await user.upload(screen.getByTestId("desk-image-input"), image);
    await waitFor(() =>
      expect(deskCalls(calls, "POST", "/api/desk/sessions/s-lee/messages").at(-1)?.body).toEqual({ content: "/api/file-app/v1/file/view/tok-1/dock%20door.png", type: 1 }),
    );
    expect(calls.some((c) => c.method === "POST" && c.path.startsWith("/api/file-app/v1/file/upload?filename=dock%20door.png"))).toBe(true);
    const shown = await screen.findByRole("img", { name: "dock door.png" });
    expect(shown).toHaveAttribute("src", "/api/file-app/v1/file/view/tok-1/dock%20door.png");

    // Only images: anything else is refused before it is uploaded.
    const uploads = calls.filter((c) => c.path.startsWith("/api/file-app/")).length;
    fireEvent.change(screen.getByTestId("desk-image-input"), { target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Only images can be sent: notes.txt");
    expect(calls.filter((c) => c.path.startsWith("/api/file-app/")).length).toBe(uploads);
  });

  it("marks a conversation the customer wrote in while the agent was in another", async () => {
    const mia = deskSession("s-mia", { name: "Mia Chen", status: "active" });
    const { desk, user } = await openDesk({ sessions: [lee(), mia] });
    await user.click(await screen.findByRole("button", { name: /Lee Park/ }));
    await screen.findByRole("textbox", { name: "Reply" });
    await goLive();
    act(() => void desk.customerSays("s-lee", "Still there?"));
    act(() => void desk.customerSays("s-mia", "Hello?"));
    const mine = screen.getByRole("list", { name: "My conversations" });
    await waitFor(() => expect(within(mine).getAllByTestId("desk-unread")).toHaveLength(1));
    expect(within(mine).getByRole("button", { name: /Mia Chen/ })).toHaveTextContent("New");
    await user.click(within(mine).getByRole("button", { name: /Mia Chen/ }));
    expect(await screen.findByText("Hello?")).toBeVisible();
    expect(within(mine).queryByTestId("desk-unread")).toBeNull();
  });

  it("inserts, adds and deletes canned replies", async () => {
    const { user, calls, desk } = await openDesk({ canned: [{ id: "c1", title: "Greeting", text: "Hi, this is Grace from the dock office." }] });
    await user.click(await screen.findByRole("button", { name: /Lee Park/ }));
    const reply = await screen.findByRole("textbox", { name: "Reply" });
    await user.click(screen.getByRole("button", { name: "Canned replies (1)" }));
    await user.click(screen.getByRole("button", { name: "Insert “Greeting”" }));
    expect(reply).toHaveValue("Hi, this is Grace from the dock office.");
    expect(reply).toHaveFocus();

    await user.click(screen.getByRole("button", { name: "Canned replies (1)" }));
    await user.click(screen.getByRole("button", { name: "Add a canned reply" }));
    const form = screen.getByRole("form", { name: "Add a canned reply" });
    await user.click(within(form).getByRole("button", { name: "Save reply" }));
    expect(within(form).getByRole("alert")).toHaveTextContent("Give the reply a title and a text.");
    await user.type(within(form).getByRole("textbox", { name: "Title" }), "Detention");
    await user.type(within(form).getByRole("textbox", { name: "Text" }), "Detention is billed after two free hours.");
    await user.click(within(form).getByRole("button", { name: "Save reply" }));
    await waitFor(() => expect(deskCalls(calls, "POST", "/api/desk/canned").map((c) => c.body)).toEqual([{ title: "Detention", text: "Detention is billed after two free hours." }]));
    expect(await screen.findByRole("button", { name: "Insert “Detention”" })).toBeVisible();

    await user.click(screen.getByRole("button", { name: "Delete “Greeting”" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Insert “Greeting”" })).toBeNull());
    expect(deskCalls(calls, "DELETE", "/api/desk/canned/c1")).toHaveLength(1);
    expect([...desk.replies.keys()]).toEqual(["canned-1"]);
  });

  it("closes a conversation only with a resolution note of at most 2,000 characters", async () => {
    const { user, calls } = await openDesk();
    await user.click(await screen.findByRole("button", { name: /Lee Park/ }));
    await user.click(await screen.findByRole("button", { name: "Close conversation" }));
    const dialog = screen.getByRole("dialog", { name: "Close the conversation" });
    const note = within(dialog).getByRole("textbox", { name: "Resolution note" });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(within(dialog).getByText("Write what was done before closing.")).toBeVisible();
    expect(note).toHaveAttribute("aria-invalid", "true");

    fireEvent.change(note, { target: { value: "x".repeat(2001) } });
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(within(dialog).getByText("At most 2,000 characters (now 2001).")).toBeVisible();
    expect(deskCalls(calls, "POST", "/api/desk/sessions/s-lee/close")).toEqual([]);

    await user.clear(note);
    await user.type(note, "Moved the appointment to Thursday 9:00.");
    await user.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(deskCalls(calls, "POST", "/api/desk/sessions/s-lee/close").map((c) => c.body)).toEqual([{ resolution: "Moved the appointment to Thursday 9:00." }]));
    expect(await screen.findByText("The conversation was closed.")).toBeVisible();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await waitFor(() => expect(screen.queryByRole("list", { name: "My conversations" })).toBeNull());
    expect(screen.getByText("No open conversations. Claim someone from the queue.")).toBeVisible();
  });

  it("shows today's figures to agents", async () => {
    await openDesk({ otherAgentsOnline: 1 });
    const stats = screen.getByRole("region", { name: "Today" });
    await waitFor(() => expect(within(stats).getByTestId("desk-stat-queue")).toHaveTextContent("Waiting now2"));
    expect(within(stats).getByTestId("desk-stat-active")).toHaveTextContent("Active conversations1");
    expect(within(stats).getByTestId("desk-stat-agents")).toHaveTextContent("Agents online2");
    expect(within(stats).getByTestId("desk-stat-longest").textContent).toMatch(/^Longest wait today2:0\d$/);
    expect(within(stats).getByTestId("desk-stat-average").textContent).toMatch(/^Average wait today\d:\d\d$/);
  });

  it("renders every message inert: HTML as text, no javascript: links, images only from Waybill files", async () => {
    const hostile = deskSession("s-x", {
      name: "<img src=x onerror=alert(1)>",
      status: "active",
      messages: [
        liveMessage("m1", "customer", '<script>alert("x")</script><a href="javascript:alert(1)">click</a>'),
        liveMessage("m2", "customer", "javascript:alert(1)", { type: 1 }),
        liveMessage("m3", "customer", "https://tracker.evil.test/pixel.png", { type: 1 }),
      ],
      conversation: [{ id: "a", role: "assistant", parts: [{ type: "text", text: '<iframe src="https://evil.test"></iframe> [go](javascript:alert(2))' }] }],
    });
    const { container, user } = await openDesk({ sessions: [hostile] });
    await user.click(await screen.findByRole("button", { name: /onerror/ }));
    const session = await screen.findByTestId("desk-session");
    expect(within(session).getByText('<script>alert("x")</script><a href="javascript:alert(1)">click</a>')).toBeVisible();
    expect(within(session).getByRole("heading", { name: "<img src=x onerror=alert(1)>" })).toBeVisible();
    expect(within(session).getByText(/^Image not shown \(not a Waybill file\): javascript:alert\(1\)$/)).toBeVisible();
    expect(within(session).getByText(/^Image not shown \(not a Waybill file\): https:\/\/tracker\.evil\.test\/pixel\.png$/)).toBeVisible();
    // Claimed: the AI conversation is folded away until the agent opens it.
    const transcript = within(session).getByTestId("desk-ai-conversation");
    expect(transcript).not.toHaveAttribute("open");
    await user.click(within(transcript).getByText("Conversation with the assistant before the hand-over (1 message)"));
    expect(within(session).getByText(/<iframe src="https:\/\/evil.test"><\/iframe>/)).toBeVisible();
    expect(container.querySelector("script, iframe")).toBeNull();
    expect(session.querySelector("img")).toBeNull();
    expect([...container.querySelectorAll("a")].filter((a) => a.getAttribute("href")?.toLowerCase().includes("javascript"))).toEqual([]);
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("de");
    await openDesk();
    expect(screen.getByRole("heading", { level: 1, name: "Agenten-Desk" })).toBeVisible();
    await waitFor(() => expect(screen.getByRole("list", { name: "Warteschlange" })).toBeVisible());
    expect(screen.getByRole("button", { name: "Abwesend" })).toBeVisible();
  });
});
