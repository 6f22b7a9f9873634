import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { LoginResponse } from "../../../generated/LoginResponse";
import type { MemoryItem } from "../../../generated/MemoryItem";
import { chooseLanguage } from "../../../i18n";
import { FACILITIES } from "../../../test/adminServer";
import { fakeServer } from "../../../test/chatServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { fakeMemoriesServer, memoryItem } from "../test/memoriesServer";
import { renderApp } from "../../../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const sessionWith = (roles: ("admin" | "agent")[]): LoginResponse => ({
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles }],
});
const admin = sessionWith(["admin"]);
const member = sessionWith([]);

const day = (d: number, h = 12) => Date.UTC(2026, 10, d, h, 0);

/** A member's own two memories and the company's one, as the server keeps them. */
const MEMORIES: MemoryItem[] = [
  memoryItem("mem-ups", "Our UPS cut-off is 4 pm.", { importance: "high", createdAt: day(10), updatedAt: day(10) }),
  memoryItem("mem-door", "Door 7 is for returns and reefer loads.", { memoryType: "system", source: "manual", createdAt: day(12), updatedAt: day(12) }),
  memoryItem("mem-pallets", "Pacific Outdoor Supply ships on CHEP pallets; UPS picks up their parcels.", { importance: "low", createdAt: day(8), updatedAt: day(15) }),
];

afterEach(() => vi.unstubAllGlobals());

type Open = { session?: LoginResponse } & Partial<Parameters<typeof fakeMemoriesServer>[0]>;

/** The memory page, signed in with `session`, against the fake memories API. */
async function openMemories({ session = admin, memories = MEMORIES, ...options }: Open = {}) {
  useAuthStore.getState().signIn(session);
  const memoriesApi = fakeMemoriesServer({ memories, ...options });
  const calls = mockFetch(fakeServer({ session, override: memoriesApi.handler }).handler);
  const app = renderApp("/admin/memories");
  await screen.findByRole("heading", { level: 1, name: "Memory" }, { timeout: 5000 });
  return { ...app, calls, store: memoriesApi.store, user: userEvent.setup() };
}

const rows = () => screen.findAllByTestId("memory-row", {}, { timeout: 5000 });
const texts = async () => (await rows()).map((row) => within(row).getByTestId("memory-text").textContent);
const row = (text: string) => screen.getAllByTestId("memory-row").find((r) => within(r).getByTestId("memory-text").textContent === text)!;
const memoryCalls = (calls: Call[], method: string) => calls.filter((c) => c.method === method && c.path.startsWith("/api/memories"));
const lastGet = (calls: Call[]) => new URL(memoryCalls(calls, "GET").at(-1)!.path, "http://waybill.test");

describe("the memory page", { timeout: 20_000 }, () => {
  it("lists the memories newest first, with their text, type, importance, source, created and updated", async () => {
    const { calls } = await openMemories();
    expect(await texts()).toEqual(["Door 7 is for returns and reefer loads.", "Our UPS cut-off is 4 pm.", "Pacific Outdoor Supply ships on CHEP pallets; UPS picks up their parcels."]);
    expect(lastGet(calls).pathname).toBe("/api/memories");
    expect(Object.fromEntries(lastGet(calls).searchParams)).toEqual({ limit: "50", offset: "0" });
    expect(screen.getByText(/What the assistant remembers about you and Demo Logistics/)).toBeVisible();

    const door = within(row("Door 7 is for returns and reefer loads."));
    expect(door.getByTestId("memory-type").textContent).toBe("Company");
    expect(door.getByTestId("memory-importance").textContent).toBe("Medium importance");
    expect(door.getByTestId("memory-source").textContent).toBe("Added by hand");
    expect(door.getByTestId("memory-created").textContent).toMatch(/^Created Nov 12, 2026/);
    expect(door.queryByTestId("memory-updated")).toBeNull();
    expect(door.queryByTestId("memory-score")).toBeNull();

    const pallets = within(row("Pacific Outdoor Supply ships on CHEP pallets; UPS picks up their parcels."));
    expect(pallets.getByTestId("memory-type").textContent).toBe("Personal");
    expect(pallets.getByTestId("memory-importance").textContent).toBe("Low importance");
    expect(pallets.getByTestId("memory-source").textContent).toBe("From chat");
    expect(pallets.getByTestId("memory-created").textContent).toMatch(/^Created Nov 8, 2026/);
    expect(pallets.getByTestId("memory-updated").textContent).toMatch(/^Updated Nov 15, 2026/);
    expect(pallets.getByTestId("memory-updated")).toHaveAttribute("datetime", new Date(day(15)).toISOString());
    expect(screen.getByTestId("memory-pager")).toHaveTextContent("1–3 of 3");
  });

  it("filters by type and by text as one types", async () => {
    const { calls, user } = await openMemories();
    await rows();
    await user.click(screen.getByRole("radio", { name: "Company" }));
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(1));
    expect(await texts()).toEqual(["Door 7 is for returns and reefer loads."]);
    expect(lastGet(calls).searchParams.get("type")).toBe("system");

    await user.click(screen.getByRole("radio", { name: "Personal" }));
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(2));
    expect(lastGet(calls).searchParams.get("type")).toBe("personal");

    await user.click(screen.getByRole("radio", { name: "All" }));
    await user.type(screen.getByRole("searchbox", { name: "Search memories" }), "ups");
    await waitFor(() => expect(lastGet(calls).searchParams.get("q")).toBe("ups"));
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(2));
    expect(lastGet(calls).searchParams.has("type")).toBe(false);
    expect(memoryCalls(calls, "GET").some((c) => c.path.startsWith("/api/memories/search"))).toBe(false);

    await user.type(screen.getByRole("searchbox", { name: "Search memories" }), "zzz");
    expect(await screen.findByTestId("memories-no-match", {}, { timeout: 3000 })).toHaveTextContent("No memories match.");
  });

  it("pages through the memories 50 at a time", async () => {
    const many = Array.from({ length: 55 }, (_, i) => memoryItem(`mem-${i}`, `Fact number ${i}`, { createdAt: day(1) + i * 60_000, updatedAt: day(1) + i * 60_000 }));
    const { calls, user } = await openMemories({ memories: many });
    expect(await rows()).toHaveLength(50);
    const pager = screen.getByRole("navigation", { name: "Memory pages" });
    expect(pager).toHaveTextContent("1–50 of 55");
    expect(within(pager).getByRole("button", { name: "Previous page" })).toBeDisabled();
    await user.click(within(pager).getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(5));
    expect(pager).toHaveTextContent("51–55 of 55");
    expect(lastGet(calls).searchParams.get("offset")).toBe("50");
    expect(within(pager).getByRole("button", { name: "Next page" })).toBeDisabled();
  });

  it("ranks by the words shared with the search when asked, with each memory's score, and goes back to the newest", async () => {
    const { calls, user } = await openMemories();
    await rows();
    await user.type(screen.getByRole("searchbox", { name: "Search memories" }), "UPS cut-off");
    await user.click(screen.getByRole("button", { name: "Rank by relevance" }));
    const ranked = await screen.findByTestId("memories-ranked", {}, { timeout: 3000 });
    expect(ranked).toHaveTextContent("2 memories share words with “UPS cut-off”, best first.");
    const search = memoryCalls(calls, "GET").filter((c) => c.path.startsWith("/api/memories/search"));
    expect(search.map((c) => Object.fromEntries(new URL(c.path, "http://waybill.test").searchParams))).toEqual([{ q: "UPS cut-off" }]);
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(2));
    expect(await texts()).toEqual(["Our UPS cut-off is 4 pm.", "Pacific Outdoor Supply ships on CHEP pallets; UPS picks up their parcels."]);
    expect(screen.getAllByTestId("memory-score").map((s) => s.textContent)).toEqual(["Score 1.00", "Score 0.33"]);
    expect(screen.getAllByTestId("memory-score")[0]).toHaveAttribute("title", "How well it matches the search, from 0 to 1");
    expect(screen.queryByTestId("memory-pager")).toBeNull();

    // The type filter narrows the ranking too.
    await user.click(screen.getByRole("radio", { name: "Company" }));
    // Nothing shared: said so, and what to do, rather than an empty list that looks broken.
    await waitFor(() =>
      expect(screen.getByTestId("memories-ranked")).toHaveTextContent(
        "No memory shares words with “UPS cut-off”. Memories are ranked by the words they have in common with the search, not by meaning",
      ),
    );
    expect(lastGet(calls).searchParams.get("type")).toBe("system");
    await user.click(screen.getByRole("radio", { name: "All" }));

    await user.click(within(screen.getByTestId("memories-ranked")).getByRole("button", { name: "Show all, newest first" }));
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(3));
    expect(screen.getByRole("searchbox", { name: "Search memories" })).toHaveValue("");
    expect(screen.queryByTestId("memory-score")).toBeNull();
  });

  it("adds a memory, says the server's refusal of a text over 2,000 characters, and counts the characters", async () => {
    const { calls, user } = await openMemories();
    await rows();
    await user.click(screen.getByTestId("memory-add"));
    const dialog = screen.getByRole("dialog", { name: "Add memory" });
    const text = within(dialog).getByRole("textbox", { name: "Memory" });
    expect(text).toHaveFocus();
    expect(text).toHaveAttribute("dir", "auto");
    expect(within(dialog).getByTestId("memory-counter").textContent).toBe("0 / 2,000 characters");

    // Empty: said in the form, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Add memory" }));
    expect(within(dialog).getByText("Write what the assistant should remember.")).toBeVisible();
    expect(memoryCalls(calls, "POST")).toEqual([]);

    await user.click(text);
    await user.paste("x".repeat(2_001));
    expect(within(dialog).getByTestId("memory-counter").textContent).toBe("2,001 / 2,000 characters");
    expect(within(dialog).getByText("A memory holds at most 2,000 characters.")).toBeVisible();
    expect(text).toHaveAttribute("aria-invalid", "true");
    await user.click(within(dialog).getByRole("button", { name: "Add memory" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("A memory is at most 2000 characters; this one has 2001");
    expect(memoryCalls(calls, "POST")).toHaveLength(1);

    await user.clear(text);
    await user.type(text, "  Savannah closes at noon on Saturdays.  ");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Importance" }), "high");
    expect(within(dialog).getByRole("radio", { name: "Personal" })).toBeChecked();
    await user.click(within(dialog).getByRole("button", { name: "Add memory" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(memoryCalls(calls, "POST").at(-1)!.body).toEqual({ memory: "Savannah closes at noon on Saturdays.", importance: "high", memoryType: "personal" });
    expect(screen.getByTestId("action-notice")).toHaveTextContent("Memory added.");
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(4));
    const added = within(row("Savannah closes at noon on Saturdays."));
    expect(added.getByTestId("memory-importance").textContent).toBe("High importance");
    expect(added.getByTestId("memory-source").textContent).toBe("Added by hand");
  });

  it("lets an admin add a company memory, and says the server's 403 when it does not take them for one", async () => {
    const { calls, user, store } = await openMemories({ admin: false });
    await rows();
    await user.click(screen.getByTestId("memory-add"));
    const dialog = screen.getByRole("dialog", { name: "Add memory" });
    await user.type(within(dialog).getByRole("textbox", { name: "Memory" }), "Door 9 is closed for repairs.");
    const company = within(dialog).getByRole("radio", { name: "Company" });
    expect(company).toHaveAccessibleDescription("Everyone in Demo Logistics");
    await user.click(company);
    await user.click(within(dialog).getByRole("button", { name: "Add memory" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Only administrators can change the company's system memories");
    expect(memoryCalls(calls, "POST").at(-1)!.body).toEqual({ memory: "Door 9 is closed for repairs.", importance: "medium", memoryType: "system" });
    expect(store.size).toBe(3);
  });

  it("says the server's 409 when the limit of memories is reached", async () => {
    const { user } = await openMemories({ most: 2 });
    await rows();
    await user.click(screen.getByTestId("memory-add"));
    const dialog = screen.getByRole("dialog", { name: "Add memory" });
    await user.type(within(dialog).getByRole("textbox", { name: "Memory" }), "One more.");
    await user.click(within(dialog).getByRole("button", { name: "Add memory" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("There are already 2 personal memories; delete some first");
  });

  it("edits a memory's text and importance in place, sending only what changed", async () => {
    const { calls, user } = await openMemories();
    await rows();
    await user.click(within(row("Our UPS cut-off is 4 pm.")).getByRole("button", { name: "Edit" }));
    const form = screen.getByTestId("memory-edit-form");
    const text = within(form).getByRole("textbox", { name: "Memory" });
    expect(text).toHaveValue("Our UPS cut-off is 4 pm.");
    expect(within(form).getByRole("combobox", { name: "Importance" })).toHaveValue("high");

    // Cancel leaves it as it was.
    await user.type(text, " Maybe.");
    await user.click(within(form).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByTestId("memory-edit-form")).toBeNull();
    expect(row("Our UPS cut-off is 4 pm.")).toBeTruthy();

    await user.click(within(row("Our UPS cut-off is 4 pm.")).getByRole("button", { name: "Edit" }));
    const again = screen.getByTestId("memory-edit-form");
    await user.clear(within(again).getByRole("textbox", { name: "Memory" }));
    await user.type(within(again).getByRole("textbox", { name: "Memory" }), "Our UPS cut-off is 5 pm from December.");
    await user.selectOptions(within(again).getByRole("combobox", { name: "Importance" }), "medium");
    await user.click(within(again).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByTestId("memory-edit-form")).toBeNull());
    expect(memoryCalls(calls, "PATCH").map((c) => [c.path, c.body])).toEqual([["/api/memories/mem-ups", { memory: "Our UPS cut-off is 5 pm from December.", importance: "medium" }]]);
    expect(screen.getByTestId("action-notice")).toHaveTextContent("Memory updated.");
    const changed = await waitFor(() => within(row("Our UPS cut-off is 5 pm from December.")));
    expect(changed.getByTestId("memory-importance").textContent).toBe("Medium importance");
    expect(changed.getByTestId("memory-updated").textContent).toMatch(/^Updated Nov 25, 2026/);

    // Only the importance: only it is sent.
    await user.click(within(row("Our UPS cut-off is 5 pm from December.")).getByRole("button", { name: "Edit" }));
    await user.selectOptions(within(screen.getByTestId("memory-edit-form")).getByRole("combobox", { name: "Importance" }), "low");
    await user.click(within(screen.getByTestId("memory-edit-form")).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(memoryCalls(calls, "PATCH")).toHaveLength(2));
    expect(memoryCalls(calls, "PATCH")[1]!.body).toEqual({ importance: "low" });
  });

  it("says the server's refusal of an edit in the row", async () => {
    const { user } = await openMemories();
    await rows();
    await user.click(within(row("Our UPS cut-off is 4 pm.")).getByRole("button", { name: "Edit" }));
    const form = screen.getByTestId("memory-edit-form");
    await user.click(within(form).getByRole("textbox", { name: "Memory" }));
    await user.paste("y".repeat(2_000));
    await user.click(within(form).getByRole("button", { name: "Save" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(/^A memory is at most 2000 characters; this one has 2024$/);
  });

  it("deletes a memory only once confirmed", async () => {
    const { calls, user } = await openMemories();
    await rows();
    await user.click(within(row("Our UPS cut-off is 4 pm.")).getByRole("button", { name: "Delete" }));
    let dialog = screen.getByRole("alertdialog", { name: "Delete memory" });
    expect(dialog).toHaveTextContent("The assistant will no longer remember: “Our UPS cut-off is 4 pm.”");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(memoryCalls(calls, "DELETE")).toEqual([]);

    await user.click(within(row("Door 7 is for returns and reefer loads.")).getByRole("button", { name: "Delete" }));
    dialog = screen.getByRole("alertdialog", { name: "Delete memory" });
    expect(dialog).toHaveTextContent("Everyone in Demo Logistics loses this company memory: “Door 7 is for returns and reefer loads.”");
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.getAllByTestId("memory-row")).toHaveLength(2));
    expect(memoryCalls(calls, "DELETE").map((c) => c.path)).toEqual(["/api/memories/mem-door"]);
    expect(screen.getByTestId("action-notice")).toHaveTextContent("Memory deleted.");
  });

  it("shows a member the company's memories read-only, and adds only their own", async () => {
    const { calls, user } = await openMemories({ session: member, admin: false });
    await rows();
    const door = within(row("Door 7 is for returns and reefer loads."));
    expect(door.getByTestId("memory-read-only")).toHaveTextContent("Read-only");
    expect(door.getByTestId("memory-read-only")).toHaveAttribute("title", "Only administrators change the company's memories.");
    expect(door.queryByRole("button", { name: "Edit" })).toBeNull();
    expect(door.queryByRole("button", { name: "Delete" })).toBeNull();
    const ups = within(row("Our UPS cut-off is 4 pm."));
    expect(ups.getByRole("button", { name: "Edit" })).toBeVisible();
    expect(ups.getByRole("button", { name: "Delete" })).toBeVisible();
    expect(ups.queryByTestId("memory-read-only")).toBeNull();

    await user.click(screen.getByTestId("memory-add"));
    const dialog = screen.getByRole("dialog", { name: "Add memory" });
    expect(within(dialog).queryByRole("radio")).toBeNull();
    await user.type(within(dialog).getByRole("textbox", { name: "Memory" }), "I start at 6 am.");
    await user.click(within(dialog).getByRole("button", { name: "Add memory" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(memoryCalls(calls, "POST")[0]!.body).toEqual({ memory: "I start at 6 am.", importance: "medium" });
  });

  it("shows a memory holding HTML as inert text, isolated and wrapping", async () => {
    const hostile = `<img src=x onerror=alert(1)><script>alert(2)</script>\u202E${"w".repeat(500)}`;
    const { container } = await openMemories({ memories: [memoryItem("mem-x", hostile)] });
    const text = within((await rows())[0]!).getByTestId("memory-text");
    expect(text.textContent).toBe(hostile);
    expect(text).toHaveAttribute("dir", "auto");
    expect(text.className).toContain("[overflow-wrap:anywhere]");
    expect(container.querySelector("img, script")).toBeNull();
    expect(document.querySelector("main img, main script")).toBeNull();
  });

  it("invites a member with nothing remembered to add a memory", async () => {
    const { user } = await openMemories({ memories: [] });
    const empty = await screen.findByTestId("memories-empty", {}, { timeout: 5000 });
    expect(within(empty).getByRole("heading", { name: "Nothing remembered yet" })).toBeVisible();
    await user.click(within(empty).getByRole("button", { name: "Add memory" }));
    expect(screen.getByRole("dialog", { name: "Add memory" })).toBeVisible();
  });

  it("reads in Japanese", async () => {
    await chooseLanguage("ja");
    useAuthStore.getState().signIn(admin);
    mockFetch(fakeServer({ session: admin, override: fakeMemoriesServer({ memories: MEMORIES }).handler }).handler);
    renderApp("/admin/memories");
    expect(await screen.findByRole("heading", { level: 1, name: "メモリー" }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole("button", { name: "記憶を追加" })).toBeVisible();
    expect((await screen.findAllByTestId("memory-type", {}, { timeout: 5000 }))[0]!.textContent).toBe("会社");
  });
});
