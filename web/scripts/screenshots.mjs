// Screenshots of the chat page for the README (docs/screenshots/): the empty state, a
// conversation with the offline model, and the model picker's options popover, in English
// and Simplified Chinese; the weather and time cards in both; the artifacts panel with two
// files, tabbed and stacked; user administration (the users page in English and Chinese,
// the add-member dialog with an invitation link, the invitation page); the business
// systems cards and page; a filled receipt form, a todo plan and a delegation; the issue
// tracker's cards and its own pages (/tracker and an issue); the memory search card and
// the memory page (/admin/memories) with a few memories; the knowledge card citing the
// demo's cycle count SOP and the knowledge bases page (/admin/knowledge); the web search
// and page cards; the live agent (the chat's offer, the queue, the connected chat) and the
// agents' desk (the queue, a conversation with canned replies); plus the empty state in
// every language and the users page in German, at 1024×768 and on a phone, to look over.
// It clears the account's chats and adds members to its tenant: point it at a throwaway
// server whose weather tool answers and whose web search is set up (scripts/e2e.sh's fake
// Open-Meteo and fake SearXNG). Chinese text needs a CJK font on the machine (Debian:
// fonts-noto-cjk).
//
//   WAYBILL_URL=… WAYBILL_E2E_EMAIL=… WAYBILL_E2E_PASSWORD=… npm run screenshots [-- --all-languages DIR] [--only admin|systems|planning|bi|cubes|tracker|tracker-page|memory|websearch|knowledge|live-agent]
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ArtifactsPanel } from "../e2e/pages/artifacts.mjs";
import { ChatPage } from "../e2e/pages/chat.mjs";
import { InvitePage } from "../e2e/pages/invite.mjs";
import { png } from "../e2e/pages/liveAgent.mjs";
import { LoginPage } from "../e2e/pages/login.mjs";
import { TrackerPage } from "../e2e/pages/tracker.mjs";
import { UsersPage } from "../e2e/pages/users.mjs";
import { apiSession, baseUrl, launchBrowser, newPage, signedInState } from "../e2e/support.mjs";

const out = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));
const argument = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : null);
const allLanguagesDir = argument("--all-languages");
const only = argument("--only");

/** Models listed as if provider keys were set, so the picker shows gpt-5 and Claude. */
async function offerKeyedModels(page) {
  await page.route("**/api/models", async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({
      json: [
        { id: "gpt-4.1", name: "GPT-4.1", provider: "openai", requiresKey: true },
        { id: "claude-sonnet-4-5", name: "Claude Sonnet 4.5", provider: "anthropic", requiresKey: true },
        { id: "gpt-5", name: "GPT-5", provider: "openai", requiresKey: true },
        ...real,
      ],
    });
  });
  await page.route("**/api/check-api-keys", (route) => route.fulfill({ json: { openai: true, anthropic: true, google: false, deepseek: false } }));
}

/** A fresh chat page in `lang`, with the account's chats cleared, showing the welcome state. */
async function freshChat(browser, storageState, api, lang, { width = 1360, height = 860 } = {}) {
  await api.call("/api/chat-history", { method: "DELETE" });
  const { context, page } = await newPage(browser, { storageState, locale: lang === "zh-CN" ? "zh-CN" : "en-US", width, height });
  await context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
  const chat = new ChatPage(page, baseUrl);
  await chat.goto();
  await page.getByTestId("welcome").waitFor();
  return { context, page, chat };
}

async function shoot(browser, storageState, api, lang, { timeQuestion, helloQuestion }) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang);
  try {
    await page.screenshot({ path: `${out}chat-empty-${lang}.png` });

    const box = page.getByRole("textbox").first();
    for (const question of [timeQuestion, helloQuestion]) {
      await box.fill(question);
      await box.press("Enter");
      await chat.assistantMessages.nth(question === timeQuestion ? 0 : 1).getByTestId("sender").waitFor();
      await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: `${out}chat-conversation-${lang}.png` });

    await offerKeyedModels(page);
    await chat.newChatButton.or(page.getByRole("button", { name: "新建连接" })).click();
    await page.reload();
    await page.getByTestId("welcome").waitFor();
    await chat.modelPicker.click();
    await page.getByRole("menuitem", { name: "GPT-5", exact: true }).hover();
    await chat.modelOptions.waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}chat-model-picker-${lang}.png` });
  } finally {
    await context.close();
  }
}

/** Sends `text` in the page's language and waits until the answer is complete. */
async function askAndWait(page, chat, text) {
  const before = await chat.assistantMessages.count();
  const box = page.getByRole("textbox").first();
  await box.fill(text);
  await box.press("Enter");
  await chat.assistantMessages.nth(before).getByTestId("tool-card").waitFor();
  await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
  await page.waitForTimeout(300);
}

/** The weather and time cards, in `lang`. */
async function shootCards(browser, storageState, api, lang) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang, { height: 1000 });
  try {
    await askAndWait(page, chat, "What's the weather in Savannah?");
    await askAndWait(page, chat, "What time is it in Tokyo?");
    await page.screenshot({ path: `${out}cards-${lang}.png` });
  } finally {
    await context.close();
  }
}

const MANIFEST = [
  "door,trailer,carrier,pallets,eta,status",
  "4,TR-1001,Northline,26,10:30,Unloading",
  "7,TR-1002,Bayside Freight,18,11:15,Waiting",
  "9,TR-1003,Northline,22,12:00,Scheduled",
  "12,TR-1004,Pacific Haul,30,12:45,Scheduled",
  "3,TR-1005,Summit Logistics,12,13:30,Scheduled",
].join("\n");

const NOTES = `# Dock notes, Tuesday

## Morning shift
- **Door 4**: forklift inspection at 14:00, unload TR-1001 before then.
- **Door 7**: reefer trailer; keep the door closed between pallets.
- Yard jockey covers doors 9–12 until the second driver arrives.

## Carriers
| Carrier | Contact | Window |
|---|---|---|
| Northline | dispatch desk | 10:00–12:30 |
| Bayside Freight | on-site driver | 11:00–11:45 |
`;

/** Two stored files open in the artifacts panel, tabbed and stacked. */
async function shootArtifacts(browser, storageState, api) {
  const dir = await mkdtemp(join(tmpdir(), "waybill-shots-"));
  await writeFile(join(dir, "inbound-manifest.csv"), MANIFEST);
  await writeFile(join(dir, "dock-notes.md"), NOTES);
  const { context, page, chat } = await freshChat(browser, storageState, api, "en", { width: 1440, height: 900 });
  const panel = new ArtifactsPanel(page);
  try {
    await chat.attach([join(dir, "inbound-manifest.csv"), join(dir, "dock-notes.md")]);
    await chat.attachmentList.waitFor();
    await askAndWait(page, chat, "Show the file inbound-manifest.csv");
    await askAndWait(page, chat, "Show the file dock-notes.md");
    const cards = page.locator('[data-testid="tool-card"][data-tool="displayFileTool"]');
    await cards.nth(0).getByRole("button").first().click();
    await panel.root.getByText("TR-1003").waitFor();
    await cards.nth(1).getByRole("button").first().click();
    await panel.root.getByRole("heading", { name: "Carriers" }).waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}artifacts-tabbed.png` });
    await panel.showStacked();
    await panel.sections.nth(1).waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}artifacts-stacked.png` });
  } finally {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A tenant with a few members in each state, as the users page shows them. */
async function seedMembers(api) {
  const add = (member) => api.call("/api/admin/users", { method: "POST", body: JSON.stringify(member) });
  const withPassword = { password: "screenshot-password" };
  await add({ email: "ana.ruiz@demo.example", firstName: "Ana", roles: ["agent"], facilities: ["dc-ontario", "yard-fontana"], ...withPassword });
  await add({ email: "li.wei@demo.example", firstName: "Li", roles: [], facilities: ["xdock-savannah"], ...withPassword });
  await add({ email: "marc.dubois@demo.example", firstName: "Marc", roles: ["admin"], facilities: ["dc-ontario"], ...withPassword });
  await add({ email: "priya.nair@demo.example", firstName: "Priya", roles: ["agent"], facilities: ["yard-fontana"] });
  await add({ email: "tom.becker@demo.example", firstName: "Tom", roles: [], facilities: ["xdock-savannah", "dc-ontario"], ...withPassword });
  // A last sign-in for two of them; Tom is suspended.
  for (const email of ["ana.ruiz@demo.example", "marc.dubois@demo.example"]) {
    await fetch(new URL("/api/auth/login", baseUrl), { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ email, password: withPassword.password }) });
  }
  const { body } = await api.call("/api/admin/users?search=tom.becker");
  const tom = body.members[0];
  if (tom) await api.call(`/api/admin/users/${tom.id}`, { method: "PATCH", body: JSON.stringify({ status: "suspended" }) });
}

/** Takes the member with this email out of the tenant, if there is one (the script may run again). */
async function removeIfPresent(api, email) {
  const { body } = await api.call(`/api/admin/users?search=${encodeURIComponent(email)}`);
  for (const member of body?.members ?? []) {
    if (member.email === email) await api.call(`/api/admin/users/${member.id}`, { method: "DELETE" });
  }
}

/** The users page in `lang` at `width`×`height`. */
async function usersPage(browser, storageState, lang, width, height) {
  const { context, page } = await newPage(browser, { storageState, locale: lang === "en" ? "en-US" : lang, width, height });
  await context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
  await page.goto(new URL("/admin/users", baseUrl).href);
  await page.getByTestId("member-row").nth(5).waitFor();
  await page.waitForTimeout(300);
  return { context, page };
}

/** User administration: the users page, the add-member dialog with its link, the invitation page. */
async function shootAdmin(browser, storageState, api) {
  await seedMembers(api);
  for (const lang of ["en", "zh-CN"]) {
    const { context, page } = await usersPage(browser, storageState, lang, 1360, 860);
    await page.screenshot({ path: `${out}admin-users-${lang}.png` });
    await context.close();
  }

  await removeIfPresent(api, "sam.okafor@demo.example");
  const { context, page } = await usersPage(browser, storageState, "en", 1360, 860);
  const users = new UsersPage(page, baseUrl);
  await users.add({ email: "sam.okafor@demo.example", firstName: "Sam", roles: ["Agent"], facilities: ["Fontana Yard"] });
  const link = await users.invitationLink();
  await page.mouse.move(0, 0);
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}admin-add-member-en.png` });
  await context.close();

  const visitor = await newPage(browser, { width: 1360, height: 860 });
  await visitor.page.goto(link);
  await new InvitePage(visitor.page).isShownFor("Demo Logistics");
  await visitor.page.waitForTimeout(300);
  await visitor.page.screenshot({ path: `${out}invite-en.png` });
  await visitor.context.close();

  if (allLanguagesDir) {
    for (const [name, lang, width, height] of [
      ["users-de", "de", 1360, 860],
      ["users-ja", "ja", 1360, 860],
      ["users-1024", "en", 1024, 768],
      ["users-phone", "en", 390, 844],
      ["users-phone-zh-CN", "zh-CN", 390, 844],
    ]) {
      const shot = await usersPage(browser, storageState, lang, width, height);
      await shot.page.screenshot({ path: `${allLanguagesDir}/${name}.png`, fullPage: true });
      if (name === "users-phone") {
        const phone = new UsersPage(shot.page, baseUrl);
        await removeIfPresent(api, "kai.lee@demo.example");
        await phone.add({ email: "kai.lee@demo.example", roles: ["Admin"], facilities: ["Fontana Yard"] });
        await phone.invitationLink();
        await shot.page.screenshot({ path: `${allLanguagesDir}/add-member-phone.png` });
      }
      await shot.context.close();
    }
    for (const lang of ["en", "de"]) {
      const form = await usersPage(browser, storageState, lang, 1360, 860);
      await form.page.locator("main button").filter({ has: form.page.locator("svg") }).nth(0).click();
      const dialog = form.page.getByTestId("add-member-dialog");
      await dialog.locator('input[type="email"]').fill("new.member@demo.example");
      await dialog.locator('input[type="checkbox"]').nth(1).check();
      await dialog.locator('input[type="radio"]').nth(1).check();
      await dialog.locator('button[type="submit"]').click();
      await form.page.waitForTimeout(300);
      await form.page.screenshot({ path: `${allLanguagesDir}/add-member-form-${lang}.png` });
      await form.context.close();
    }
    for (const lang of ["de", "zh-CN"]) {
      const { context: ctx, page: p } = await usersPage(browser, storageState, lang, 1360, 860);
      await p.locator('[data-testid="member-row"] button[aria-haspopup="menu"]').nth(1).click();
      await p.getByRole("menuitem").first().click();
      await p.getByTestId("edit-member-dialog").waitFor();
      await p.waitForTimeout(300);
      await p.screenshot({ path: `${allLanguagesDir}/edit-member-${lang}.png` });
      await ctx.close();
    }
    const phoneVisitor = await newPage(browser, { width: 390, height: 844 });
    await phoneVisitor.page.goto(link);
    await new InvitePage(phoneVisitor.page).isShownFor("Demo Logistics");
    await phoneVisitor.page.screenshot({ path: `${allLanguagesDir}/invite-phone.png`, fullPage: true });
    await phoneVisitor.page.goto(new URL("/invite/no-such-token", baseUrl).href);
    await new InvitePage(phoneVisitor.page).invalid.waitFor();
    await phoneVisitor.page.screenshot({ path: `${allLanguagesDir}/invite-invalid-phone.png` });
    await phoneVisitor.context.close();
  }
}

/**
 * Business systems: the API search card, a read with its record count, a call the demo
 * WMS refused ('Tool Call Failed'), the order-import card with row errors, and the
 * /admin/systems page, in English and Simplified Chinese.
 */
async function shootSystems(browser, storageState, api, lang) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang);
  const cards = (tool) => chat.lastAnswer().locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
  const box = page.getByRole("textbox").first();
  const ask = async (question, tool, phase = "completed") => {
    await box.fill(question);
    await box.press("Enter");
    const card = chat.message(question).locator("xpath=following-sibling::*[1]").locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
    const settled = cards(tool).and(page.locator(`[data-phase="${phase}"]`));
    await settled.waitFor({ timeout: 20_000 });
    await page.waitForTimeout(800);
    return card.count().then((n) => (n > 0 ? card : cards(tool)));
  };
  try {
    const search = await ask("find the API for inventory by item", "apiSearch");
    await search.getByRole("button").first().click();
    await search.screenshot({ path: `${out}systems-search-${lang}.png` });
    const read = await ask("show trailers at the yard", "apiCall");
    await read.getByRole("button").first().click();
    await page.screenshot({ path: `${out}systems-call-${lang}.png` });
    const failed = await ask("show trailer TRL-404", "apiCall", "failed");
    await failed.screenshot({ path: `${out}systems-call-failed-${lang}.png` });
  } finally {
    await context.close();
  }
  const admin = await newPage(browser, { storageState, width: 1360, height: 860 });
  try {
    await admin.context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
    await admin.page.goto(new URL("/admin/systems", baseUrl).href);
    await admin.page.getByText("Demo WMS", { exact: true }).first().waitFor();
    await admin.page.screenshot({ path: `${out}admin-systems-${lang}.png` });
  } finally {
    await admin.context.close();
  }
}

/**
 * The /admin/cubes page with the example cube added, and the add dialog showing why a
 * file with SQL in its description was refused, in `lang`.
 */
async function shootCubes(browser, storageState, api, lang, dir = out) {
  const example = await readFile(new URL("../../docs/cubes/storage_locations.yaml", import.meta.url), "utf8");
  const added = await api.call("/api/admin/cubes", { method: "POST", body: JSON.stringify({ fileName: "storage_locations.yaml", yaml: example }) });
  if (added.status !== 201) throw new Error(`the example cube was not added: ${JSON.stringify(added.body)}`);
  const admin = await newPage(browser, { storageState, width: 1360, height: 900 });
  const prefix = dir.replace(/\/$/, "");
  try {
    await admin.context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
    await admin.page.goto(new URL("/admin/cubes", baseUrl).href);
    await admin.page.getByText("storage_locations", { exact: true }).first().waitFor();
    await admin.page.waitForTimeout(300);
    await admin.page.screenshot({ path: `${prefix}/admin-cubes-${lang}.png`, fullPage: true });
    const bad = example.replace("name: storage_locations", "name: storage_bins").replace(/^description: .*$/m, "description: Bins'; DROP TABLE locations; --");
    await admin.page.getByTestId("cube-add").click();
    const dialog = admin.page.getByRole("dialog");
    await dialog.locator("textarea").fill(bad);
    await dialog.getByTestId("cube-check-button").click();
    await dialog.getByTestId("cube-refusal").waitFor();
    await dialog.screenshot({ path: `${prefix}/admin-cubes-refused-${lang}.png` });
  } finally {
    await admin.context.close();
  }
}

/**
 * The issue tracker on the built-in tracker: "show my open tickets" expanded, a ticket
 * waiting for approval, then created, and a transition — each card alone, in `lang`.
 */
async function shootTracker(browser, storageState, api, lang) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang, { width: 1280, height: 1100 });
  const card = (tool) => chat.lastAnswer().locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
  const box = page.getByRole("textbox").first();
  const ask = async (text, tool, phase) => {
    await box.fill(text);
    await box.press("Enter");
    await card(tool).and(page.locator(`[data-phase="${phase}"]`)).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    return card(tool);
  };
  const approve = async (tool) => {
    await card(tool).getByTestId("approval-request").getByRole("button").first().click();
    await card(tool).and(page.locator('[data-phase="completed"]')).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    return card(tool);
  };
  try {
    const search = await ask("show my open tickets", "jiraSearchIssues", "completed");
    await search.getByRole("button").first().click();
    await page.waitForTimeout(300);
    await search.screenshot({ path: `${out}tracker-search-${lang}.png` });
    const asking = await ask("create a ticket: dock door 7 sensor broken, high priority", "jiraCreateIssue", "approval");
    await asking.screenshot({ path: `${out}tracker-approval-${lang}.png` });
    const created = await approve("jiraCreateIssue");
    await created.getByRole("button").first().click();
    await created.screenshot({ path: `${out}tracker-created-${lang}.png` });
    const key = (await created.innerText()).match(/OPS-\d+/)[0];
    await ask(`move ${key} to In Progress`, "jiraDoTransition", "approval");
    const moved = await approve("jiraDoTransition");
    await moved.getByRole("button").first().click();
    await moved.screenshot({ path: `${out}tracker-transition-${lang}.png` });
    // The administrators' page: the built-in tracker in use, and the form that connects Jira.
    await page.goto(new URL("/admin/tracker", baseUrl).href);
    await page.getByTestId("tracker-connect").waitFor();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}admin-tracker-${lang}.png` });
    await page.getByTestId("tracker-connect").click();
    await page.getByRole("dialog").waitFor();
    await page.waitForTimeout(300);
    await page.getByRole("dialog").screenshot({ path: `${out}admin-tracker-connect-${lang}.png` });
  } finally {
    await context.close();
  }
}

/** The built-in tracker's REST subset, as the pages call it (web/src/api/trackerRest.ts, REST_BASE). */
const TRACKER_REST = "/tracker/rest/api/2";

/**
 * The built-in tracker's own pages, in `lang`: the issue list (`/tracker`, the open issues)
 * and the page of one issue that has comments (its fields, transitions and comments).
 */
async function shootTrackerPages(browser, storageState, api, lang) {
  const { context, page } = await newPage(browser, { storageState, locale: lang === "zh-CN" ? "zh-CN" : "en-US", width: 1360, height: 1000 });
  await context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
  const list = new TrackerPage(page, baseUrl);
  try {
    await list.goto();
    await list.rows.first().waitFor();
    await list.settled();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}tracker-page-list-${lang}.png` });

    // The first listed issue that has comments (a third of the seeded ones do), else the first.
    const keys = (await list.keys()).slice(0, 15);
    let key = keys[0];
    for (const candidate of keys) {
      const { body } = await api.call(`${TRACKER_REST}/issue/${encodeURIComponent(candidate)}`);
      if ((body?.fields?.comment?.total ?? 0) > 0) {
        key = candidate;
        break;
      }
    }
    await list.open(key);
    await page.getByTestId("issue-heading").waitFor();
    await page.getByTestId("issue-transitions").getByRole("button").first().waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}tracker-page-issue-${lang}.png`, fullPage: true });
  } finally {
    await context.close();
  }
}

/** The memories the memory shots show: the account's own and the company's, one of each importance. */
const MEMORIES = [
  { memory: "Our UPS cut-off is 4 pm.", importance: "high", memoryType: "personal" },
  { memory: "UPS pickups skip door 4 on Fridays; stage their pallets at door 6.", importance: "medium", memoryType: "system" },
  { memory: "Pacific Outdoor Supply ships on CHEP pallets only; refuse white-wood pallets at receiving.", importance: "high", memoryType: "system" },
  { memory: "Door 7 is for returns and reefer loads.", importance: "low", memoryType: "personal" },
  { memory: "Send the weekly dwell-time report to the Savannah yard lead on Monday mornings.", importance: "medium", memoryType: "personal" },
];

/** Adds the memories through the API, each once (an earlier run's copies are deleted first). */
async function seedMemories(api) {
  for (const memory of MEMORIES) {
    const { body } = await api.call(`/api/memories?q=${encodeURIComponent(memory.memory)}&limit=200`);
    for (const earlier of body?.memories ?? []) {
      if (earlier.memory === memory.memory) await api.call(`/api/memories/${encodeURIComponent(earlier.id)}`, { method: "DELETE" });
    }
    const added = await api.call("/api/memories", { method: "POST", body: JSON.stringify(memory) });
    if (added.status !== 201) throw new Error(`the memory was not added: ${JSON.stringify(added.body)}`);
  }
}

/**
 * Memory, in `lang`: the search card for "what do you remember about UPS?", expanded,
 * and the memory page listing the memories (seedMemories first).
 */
async function shootMemory(browser, storageState, api, lang) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang, { width: 1280, height: 1000 });
  try {
    const box = page.getByRole("textbox").first();
    await box.fill("what do you remember about UPS?");
    await box.press("Enter");
    const card = chat.lastAnswer().locator('[data-testid="tool-card"][data-tool="searchMemories"]');
    await card.and(page.locator('[data-phase="completed"]')).waitFor({ timeout: 30_000 });
    await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
    await card.getByRole("button").first().click();
    await card.getByTestId("memory-list").waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await card.screenshot({ path: `${out}memory-card-${lang}.png` });
  } finally {
    await context.close();
  }
  const shot = await newPage(browser, { storageState, locale: lang === "zh-CN" ? "zh-CN" : "en-US", width: 1360, height: 900 });
  try {
    await shot.context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
    await shot.page.goto(new URL("/admin/memories", baseUrl).href);
    await shot.page.getByTestId("memory-row").nth(MEMORIES.length - 1).waitFor();
    await shot.page.mouse.move(0, 0);
    await shot.page.waitForTimeout(300);
    await shot.page.screenshot({ path: `${out}memories-page-${lang}.png`, fullPage: true });
  } finally {
    await shot.context.close();
  }
}

/**
 * Knowledge bases, in `lang`: the knowledge card for "What does the cycle count SOP say
 * about variances?", expanded; and the knowledge bases page with the demo's
 * Facility SOPs shown, its four documents ready, and a question tried on it. In `dir`
 * other than `out`, the page alone (to look over every language).
 */
/**
 * Web search, in `lang`: the search card for "search the web for pallet racking load
 * capacity" and the page card of its first result, both expanded (the server's web search
 * points at scripts/e2e.sh's fake SearXNG).
 */
async function shootWebSearch(browser, storageState, api, lang) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang, { width: 1280, height: 1200 });
  try {
    await chat.modelPicker.filter({ hasNotText: /Loading models…|正在加载模型/ }).waitFor();
    const ask = async (text, tool) => {
      const box = page.getByRole("textbox").first();
      await box.fill(text);
      await box.press("Enter");
      const card = chat.lastAnswer().locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
      await card.and(page.locator('[data-phase="completed"]')).waitFor({ timeout: 60_000 });
      await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
      // The search card opens by itself; the page card is opened.
      const toggle = card.getByRole("button").first();
      if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
      return card;
    };
    const search = await ask("search the web for pallet racking load capacity", "webSearch");
    await search.getByTestId("web-result").first().waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await search.screenshot({ path: `${out}web-search-card-${lang}.png` });
    const href = await search.getByTestId("web-result").first().getByRole("link").first().getAttribute("href");
    const read = await ask(`read ${href}`, "readWebPage");
    await read.getByTestId("web-page-text").waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    await read.screenshot({ path: `${out}web-page-card-${lang}.png` });
  } finally {
    await context.close();
  }
}

async function shootKnowledge(browser, storageState, api, lang, dir = out) {
  if (dir === out) {
    const { context, page, chat } = await freshChat(browser, storageState, api, lang, { width: 1280, height: 1400 });
    try {
      await chat.modelPicker.filter({ hasNotText: /Loading models…|正在加载模型/ }).waitFor();
      const box = page.getByRole("textbox").first();
      await box.fill("What does the cycle count SOP say about variances?");
      await box.press("Enter");
      const answer = chat.lastAnswer();
      const card = answer.locator('[data-testid="tool-card"][data-tool="queryKnowledgeBase"]');
      await card.and(page.locator('[data-phase="completed"]')).waitFor({ timeout: 60_000 });
      await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
      await card.getByRole("button").first().click();
      await card.getByTestId("kb-documents").waitFor();
      await page.mouse.move(0, 0);
      await page.waitForTimeout(300);
      await card.scrollIntoViewIfNeeded();
      await card.screenshot({ path: `${out}knowledge-card-${lang}.png` });
    } finally {
      await context.close();
    }
  }
  const shot = await newPage(browser, { storageState, locale: lang === "zh-CN" ? "zh-CN" : "en-US", width: 1360, height: 900 });
  try {
    await shot.context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
    const { body } = await api.call("/api/knowledge-bases");
    const sops = body.knowledgeBases.find((kb) => kb.name === "Facility SOPs");
    if (!sops) throw new Error("the demo's Facility SOPs are missing");
    await shot.page.goto(new URL(`/admin/knowledge?kb=${encodeURIComponent(sops.id)}`, baseUrl).href);
    await shot.page.waitForFunction(() => {
      const rows = [...document.querySelectorAll('[data-testid="kb-document-row"]')];
      return rows.length === 4 && rows.every((row) => row.getAttribute("data-status") === "ready");
    }, undefined, { timeout: 60_000 });
    await shot.page.locator('form[role="search"] input').fill("variance recount");
    await shot.page.locator('form[role="search"] button[type="submit"]').click();
    await shot.page.getByTestId("kb-try-passage").first().waitFor();
    await shot.page.mouse.move(0, 0);
    await shot.page.waitForTimeout(300);
    await shot.page.screenshot({ path: `${dir.replace(/\/$/, "")}/knowledge-page-${lang}.png`, fullPage: true });
  } finally {
    await shot.context.close();
  }
}

/** "I want to talk to a person" in each language, as the offline model hears it. */
const ASK_FOR_A_PERSON = {
  en: "I want to talk to a person",
  "zh-CN": "我想转人工客服",
  "zh-TW": "請幫我轉真人客服",
  es: "Quiero hablar con una persona",
  ja: "オペレーターと話したいです",
  de: "Ich möchte mit einem Menschen sprechen",
  fr: "Je voudrais parler à un conseiller",
};

/** What the customer writes with the photo of the door. */
const DOOR_MESSAGE = {
  en: "Trailer TR-1042 has been at door 7 since noon. Here is the door:",
  "zh-CN": "拖车 TR-1042 从中午起一直停在 7 号门。这是门口的照片：",
  "zh-TW": "拖車 TR-1042 從中午起一直停在 7 號門。這是門口的照片：",
  es: "El remolque TR-1042 está en la puerta 7 desde el mediodía. Esta es la puerta:",
  ja: "トレーラー TR-1042 が正午から 7 番ドアに止まったままです。ドアの写真です：",
  de: "Anhänger TR-1042 steht seit Mittag an Tor 7. Hier ist das Tor:",
  fr: "La remorque TR-1042 est à la porte 7 depuis midi. Voici la porte :",
};

/** What the agent answers, before and after the yard map. */
const AGENT_SAYS = {
  en: ["Hi, this is Ana from the operations desk. I have read your conversation with the assistant and will take it from here.", "The trailer is moving to door 9; the map shows the way."],
  "zh-CN": ["您好，我是运营服务台的 Ana。我已经看过您与助手的对话，接下来由我为您处理。", "拖车正在移到 9 号门，路线见地图。"],
};

/** The agent who takes the queue in the live-agent screenshots. */
const DESK_AGENT = { email: "ana.ruiz@demo.example", password: "screenshot-password" };

const CANNED = [
  { title: "Greeting", text: "Hi, this is Ana from the operations desk. I have read your conversation with the assistant and will take it from here." },
  { title: "Trailer moved", text: "The trailer has been moved to another door; the yard team will confirm the new door number in a few minutes." },
  { title: "Carrier informed", text: "I have informed the carrier and asked them to send an updated ETA." },
];

/** Ana as an agent with a password, and the tenant's canned replies (either may be there from an earlier run). */
async function seedDesk(api) {
  const facilities = api.login.tenants[0].facilities.map((f) => f.id);
  await api.call("/api/admin/users", { method: "POST", body: JSON.stringify({ email: DESK_AGENT.email, firstName: "Ana", roles: ["agent"], facilities, password: DESK_AGENT.password }) });
  const { body: existing } = await api.call("/api/desk/canned");
  for (const reply of CANNED) {
    if (!existing?.some((r) => r.title === reply.title)) await api.call("/api/desk/canned", { method: "POST", body: JSON.stringify(reply) });
  }
  const agent = await apiSession(baseUrl, DESK_AGENT);
  // Whatever an earlier run left open is closed, so the queue holds only this run's customer.
  const { body: open } = await agent.call("/api/desk/sessions?mine=false");
  const { body: queue } = await agent.call("/api/desk/queue");
  for (const session of [...(open ?? []), ...(queue ?? [])]) {
    await agent.call(`/api/desk/sessions/${session.id}/close`, { method: "POST", body: JSON.stringify({ resolution: "Closed before the screenshots." }) });
  }
  return agent;
}

/**
 * The live agent in `lang`: the chat's offer with its connect button, the queued banner,
 * the desk with the queue and the customer's AI conversation, the desk in the conversation
 * with its canned replies, and the chat connected with the agent's message and images.
 * With `dir` other than docs/screenshots, only the desk in the conversation and the
 * connected chat are written there.
 */
async function shootLiveAgent(browser, storageState, agentState, api, agent, files, lang, dir = out) {
  const docs = dir === out;
  const path = (name) => `${dir.replace(/\/$/, "")}/${name}-${lang}.png`;
  const user = await freshChat(browser, storageState, api, lang, { width: 1280, height: 860 });
  const desk = await newPage(browser, { storageState: agentState, locale: lang === "en" ? "en-US" : lang, width: 1360, height: 900 });
  const { page, chat } = user;
  try {
    await desk.context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
    await chat.modelPicker.filter({ hasNotText: /Loading models…|正在加载模型/ }).waitFor();
    const box = page.getByRole("textbox").first();
    await box.fill(ASK_FOR_A_PERSON[lang]);
    await box.press("Enter");
    const connect = page.getByTestId("connect-live-agent");
    await connect.and(page.locator('[data-state="idle"]')).waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="input-bar"] button[type="submit"]').waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(300);
    if (docs) await page.screenshot({ path: path("live-agent-offer") });

    await connect.click();
    await page.getByTestId("live-agent-waiting").waitFor();
    await page.waitForTimeout(300);
    if (docs) await page.screenshot({ path: path("live-agent-queued") });

    await desk.page.goto(new URL("/desk", baseUrl).href);
    await desk.page.getByTestId("desk-queue-entry").first().click();
    await desk.page.getByTestId("desk-ai-message").nth(1).waitFor();
    await desk.page.mouse.move(0, 0);
    await desk.page.waitForTimeout(300);
    if (docs) await desk.page.screenshot({ path: path("desk-queue") });

    // The claim and the first words through the API; the rest as the agent and the user would.
    const { body: queue } = await agent.call("/api/desk/queue");
    const sessionId = queue[0].id;
    await agent.call(`/api/desk/sessions/${sessionId}/claim`, { method: "POST" });
    const say = (content, type = 0) => agent.call(`/api/desk/sessions/${sessionId}/messages`, { method: "POST", body: JSON.stringify({ content, type }) });
    await page.getByTestId("live-agent-waiting").waitFor({ state: "hidden", timeout: 20_000 });
    await say((AGENT_SAYS[lang] ?? AGENT_SAYS.en)[0]);
    await box.fill(DOOR_MESSAGE[lang]);
    await page.getByTestId("file-input").setInputFiles(join(files, "door-7.png"));
    await page.getByTestId("attachment-list").waitFor();
    await page.locator('[data-testid="input-bar"] button[type="submit"]').click();
    await desk.page.getByTestId("desk-mine-entry").first().click();
    await desk.page.locator('[data-testid="desk-message"][data-sender="customer"] img').waitFor();
    await desk.page.getByTestId("desk-image-input").setInputFiles(join(files, "yard-map.png"));
    await desk.page.locator('[data-testid="desk-message"][data-sender="agent"] img').waitFor();
    await say((AGENT_SAYS[lang] ?? AGENT_SAYS.en)[1]);
    await desk.page.getByTestId("desk-session").locator("button[aria-expanded]").click();
    await desk.page.getByTestId("desk-canned").nth(CANNED.length - 1).waitFor();
    await desk.page.mouse.move(0, 0);
    await desk.page.waitForTimeout(400);
    await desk.page.screenshot({ path: path("desk-conversation"), fullPage: true });

    await page.locator('[data-testid="message"][data-role="assistant"] img').last().waitFor();
    await page.waitForFunction(() => [...document.querySelectorAll('[data-testid="message"] img')].every((img) => img.complete));
    await page.getByText((AGENT_SAYS[lang] ?? AGENT_SAYS.en)[1]).waitFor();
    await page.mouse.move(0, 0);
    await page.waitForTimeout(400);
    await page.screenshot({ path: path("live-agent-connected") });
    await agent.call(`/api/desk/sessions/${sessionId}/close`, { method: "POST", body: JSON.stringify({ resolution: "Trailer moved to door 9." }) });
    await page.getByTestId("live-agent-banner").waitFor({ state: "hidden" });
  } finally {
    await desk.context.close();
    await user.context.close();
  }
}

/** The live agent's screenshots in English and Chinese (and with `--all-languages DIR`, in every language there). */
async function shootLiveAgents(browser, storageState, api) {
  const agent = await seedDesk(api);
  const files = await mkdtemp(join(tmpdir(), "waybill-live-agent-"));
  const login = await newPage(browser);
  try {
    await writeFile(join(files, "door-7.png"), png());
    await writeFile(join(files, "yard-map.png"), png(200, 160, [56, 189, 248], [251, 113, 133]));
    const loginPage = new LoginPage(login.page, baseUrl);
    await loginPage.goto();
    await loginPage.signIn(DESK_AGENT.email, DESK_AGENT.password);
    await new ChatPage(login.page, baseUrl).isShown();
    const agentState = await login.context.storageState();
    for (const lang of allLanguagesDir ? ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"] : ["en", "zh-CN"]) {
      await shootLiveAgent(browser, storageState, agentState, api, agent, files, lang, allLanguagesDir && !["en", "zh-CN"].includes(lang) ? allLanguagesDir : out);
    }
  } finally {
    await login.context.close();
    await rm(files, { recursive: true, force: true });
  }
}

/** Picks the option holding `text` (any: /./) in the selector of form field `field`. */
async function pickOption(form, field, search, text) {
  await form.getByTestId(`form-field-${field}`).getByRole("combobox").first().click();
  if (search) await form.page().getByTestId("selector-search").fill(search);
  const option = form.page().getByTestId("selector-option").filter({ hasText: text }).first();
  await option.waitFor();
  await option.click();
}

/**
 * Planning and forms: the receipt form the offline model asks for, filled in; a todo
 * plan; a question handed to the WMS agent — each card alone, in `lang`. With
 * `--all-languages DIR` the empty form in every language too.
 */
async function shootPlanning(browser, storageState, api, lang, dir = out) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang, { height: 1100 });
  const card = (tool) => chat.lastAnswer().locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
  const box = page.getByRole("textbox").first();
  const ask = async (text, tool, phase) => {
    await box.fill(text);
    await box.press("Enter");
    await card(tool).and(page.locator(`[data-phase="${phase}"]`)).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    return card(tool);
  };
  try {
    const formCard = await ask("create an inbound receipt for customer Pacific Outdoor Supply", "requestUserInput", "executing");
    const form = formCard.getByTestId("dynamic-form");
    if (dir !== out) return await formCard.screenshot({ path: `${dir}/form-${lang}.png` });
    await pickOption(form, "customerId", "pacific", "Pacific Outdoor Supply");
    await pickOption(form, "carrierId", "", /./);
    await form.getByTestId("array-add-items").click();
    await pickOption(form, "items.0.itemId", "", /./);
    await pickOption(form, "items.0.uom", "", "CS");
    await form.getByTestId("form-field-items.0.quantity").getByRole("spinbutton").fill("24");
    await form.getByTestId("form-field-expectedDate").getByRole("combobox").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("gridcell").getByRole("button").filter({ hasText: /^15$/ }).first().click();
    await dialog.locator("button").last().click();
    await form.getByTestId("form-field-notes").getByRole("textbox").fill("Trailer TR-4411, seal 99812");
    await page.mouse.click(5, 5);
    await formCard.screenshot({ path: `${out}form-filled-${lang}.png` });
    await form.getByTestId("form-submit").click();
    await card("requestUserInput").and(page.locator('[data-phase="completed"]')).waitFor();
    await page.waitForTimeout(500);
    await formCard.screenshot({ path: `${out}form-submitted-${lang}.png` });

    const plan = await ask("plan the cycle count for aisle 12", "createTodoList", "completed");
    await plan.screenshot({ path: `${out}todo-${lang}.png` });
    const agent = await ask("ask the WMS agent how many open outbound orders does customer Pacific Outdoor Supply have", "delegateToAgent", "completed");
    await agent.screenshot({ path: `${out}delegation-${lang}.png` });
  } finally {
    await context.close();
  }
}

/**
 * BI: a numbers question's query card, its export, and a dashboard — its card, the side
 * panel showing it, and the page at full width with a tile's provenance open — in `lang`.
 * With `--all-languages DIR` the dashboard page in every language too.
 */
async function shootBi(browser, storageState, api, lang, dir = out) {
  const { context, page, chat } = await freshChat(browser, storageState, api, lang, { width: 1500, height: 1000 });
  const card = (tool) => chat.lastAnswer().locator(`[data-testid="tool-card"][data-tool="${tool}"]`);
  const box = page.getByRole("textbox").first();
  const ask = async (text, tool) => {
    await box.fill(text);
    await box.press("Enter");
    await card(tool).and(page.locator('[data-phase="completed"]')).waitFor({ timeout: 30_000 });
    await page.waitForTimeout(500);
    return card(tool);
  };
  try {
    if (dir === out) {
      const query = await ask("outbound orders by customer last week", "testQuerySqlTool");
      await query.screenshot({ path: `${out}bi-query-${lang}.png` });
      const exported = await ask("export that as Excel", "downloadFileTool");
      await exported.screenshot({ path: `${out}bi-export-${lang}.png` });
    }
    const dashboard = await ask("make a dashboard of yard dwell time", "biDashboardTool");
    const frame = page.frameLocator('[data-testid="artifacts-panel"] iframe');
    if (dir === out) await dashboard.screenshot({ path: `${out}bi-dashboard-card-${lang}.png` });
    await dashboard.getByRole("button").first().click();
    await frame.locator('html[data-rendered="true"]').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    if (dir === out) await page.screenshot({ path: `${out}bi-dashboard-panel-${lang}.png` });
    const link = await page.locator('[data-testid="artifacts-panel"] iframe').getAttribute("src");
    const full = await context.newPage();
    await full.setViewportSize({ width: 1280, height: 1500 });
    await full.goto(new URL(`${link.split("?")[0]}?lang=${lang}`, baseUrl).href);
    await full.locator('html[data-rendered="true"]').waitFor({ timeout: 15_000 });
    await full.getByTestId("tile-provenance").nth(3).evaluate((d) => (d.open = true));
    await full.waitForTimeout(300);
    await full.screenshot({ path: `${dir.replace(/\/$/, "")}/bi-dashboard-page-${lang}.png`, fullPage: true });
  } finally {
    await context.close();
  }
}

async function main() {
  await mkdir(out, { recursive: true });
  const api = await apiSession();
  const browser = await launchBrowser();
  try {
    const storageState = await signedInState(browser);
    if (allLanguagesDir) await mkdir(allLanguagesDir, { recursive: true });
    if (only === "admin") return await shootAdmin(browser, storageState, api);
    if (only === "planning") {
      await shootPlanning(browser, storageState, api, "en");
      await shootPlanning(browser, storageState, api, "zh-CN");
      if (allLanguagesDir) for (const lang of ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"]) await shootPlanning(browser, storageState, api, lang, allLanguagesDir);
      return;
    }
    if (only === "bi") {
      await shootBi(browser, storageState, api, "en");
      await shootBi(browser, storageState, api, "zh-CN");
      if (allLanguagesDir) for (const lang of ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"]) await shootBi(browser, storageState, api, lang, allLanguagesDir);
      return;
    }
    if (only === "tracker") {
      await shootTracker(browser, storageState, api, "en");
      return await shootTracker(browser, storageState, api, "zh-CN");
    }
    if (only === "tracker-page") {
      await shootTrackerPages(browser, storageState, api, "en");
      return await shootTrackerPages(browser, storageState, api, "zh-CN");
    }
    if (only === "memory") {
      await seedMemories(api);
      await shootMemory(browser, storageState, api, "en");
      return await shootMemory(browser, storageState, api, "zh-CN");
    }
    if (only === "websearch") {
      await shootWebSearch(browser, storageState, api, "en");
      return await shootWebSearch(browser, storageState, api, "zh-CN");
    }
    if (only === "knowledge") {
      for (const lang of allLanguagesDir ? ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"] : ["en", "zh-CN"]) {
        await shootKnowledge(browser, storageState, api, lang, allLanguagesDir && !["en", "zh-CN"].includes(lang) ? allLanguagesDir : out);
      }
      return;
    }
    if (only === "cubes") {
      for (const lang of allLanguagesDir ? ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"] : ["en", "zh-CN"]) {
        await shootCubes(browser, storageState, api, lang, allLanguagesDir && !["en", "zh-CN"].includes(lang) ? allLanguagesDir : out);
      }
      return;
    }
    if (only === "live-agent") return await shootLiveAgents(browser, storageState, api);
    if (only === "systems") {
      await shootSystems(browser, storageState, api, "en");
      return await shootSystems(browser, storageState, api, "zh-CN");
    }
    await shoot(browser, storageState, api, "en", { timeQuestion: "What time is it in Tokyo?", helloQuestion: "hello" });
    await shoot(browser, storageState, api, "zh-CN", { timeQuestion: "What time is it in Tokyo?", helloQuestion: "你好" });
    await shootCards(browser, storageState, api, "en");
    await shootCards(browser, storageState, api, "zh-CN");
    await shootArtifacts(browser, storageState, api);
    await shootAdmin(browser, storageState, api);
    await shootSystems(browser, storageState, api, "en");
    await shootSystems(browser, storageState, api, "zh-CN");
    await shootPlanning(browser, storageState, api, "en");
    await shootPlanning(browser, storageState, api, "zh-CN");
    await shootBi(browser, storageState, api, "en");
    await shootBi(browser, storageState, api, "zh-CN");
    await shootCubes(browser, storageState, api, "en");
    await shootCubes(browser, storageState, api, "zh-CN");
    await shootTracker(browser, storageState, api, "en");
    await shootTracker(browser, storageState, api, "zh-CN");
    await shootTrackerPages(browser, storageState, api, "en");
    await shootTrackerPages(browser, storageState, api, "zh-CN");
    await seedMemories(api);
    await shootMemory(browser, storageState, api, "en");
    await shootMemory(browser, storageState, api, "zh-CN");
    await shootKnowledge(browser, storageState, api, "en");
    await shootKnowledge(browser, storageState, api, "zh-CN");
    await shootWebSearch(browser, storageState, api, "en");
    await shootWebSearch(browser, storageState, api, "zh-CN");
    await shootLiveAgents(browser, storageState, api);
    if (allLanguagesDir) {
      for (const lang of ["en", "zh-CN", "zh-TW", "es", "ja", "de", "fr"]) {
        const { context, page } = await newPage(browser, { storageState, width: 1280, height: 800 });
        await context.addInitScript((code) => localStorage.setItem("waybill.language", code), lang);
        await page.goto(new URL("/", baseUrl).href);
        await page.getByTestId("welcome").waitFor();
        await page.screenshot({ path: `${allLanguagesDir}/empty-${lang}.png` });
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  console.log(`screenshots written to ${out}`);
}

await main();
