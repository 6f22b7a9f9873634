// User administration in Chromium against a real `waybill serve`: an administrator adds a
// member by invitation; the invitation page sets their password and signs them in (once);
// the member cannot administer, is told to slow down past a chat quota, and is signed
// out with a clear message when suspended; the administrator edits access, is refused
// suspending themselves, renews a link and removes members. Run like auth.test.mjs.
import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { ChatPage } from "./pages/chat.mjs";
import { InvitePage } from "./pages/invite.mjs";
import { LoginPage } from "./pages/login.mjs";
import { UsersPage } from "./pages/users.mjs";
import { apiSession, baseUrl, email as adminEmail, launchBrowser, newPage, screenshotOnFailure, screenshots, signedInState, skip, withSession } from "./support.mjs";

const TENANT = "Demo Logistics";

/**
 * The server's answer past a chat quota, as docs/api.md gives it. The e2e server runs
 * without per-user quotas (one account drives every browser test), so the page gets this
 * answer in place of the server's.
 */
async function answerOverQuota(page, seconds) {
  await page.route("**/api/chat", (route) =>
    route.request().method() === "POST"
      ? route.fulfill({
          status: 429,
          headers: { "Retry-After": String(seconds) },
          json: { code: "too_many_requests", message: `You have reached the limit of 30 chat requests a minute; try again in ${seconds} seconds`, retryAfter: seconds },
        })
      : route.fallback(),
  );
  return () => page.unroute("**/api/chat");
}

describe("user administration", { timeout: 300_000 }, () => {
  /** @type {import('playwright-core').Browser} */
  let browser;
  /** @type {Awaited<ReturnType<typeof apiSession>>} */
  let api;
  let storageState;
  const stamp = Date.now();
  const nora = `nora.${stamp}@example.test`;
  const otto = `otto.${stamp}@example.test`;
  /** The administrator's page, kept open across the steps. */
  let admin;
  /** The invited member's page, once they accepted. */
  let member;
  let invitation;

  before(async () => {
    if (skip) return;
    browser = await launchBrowser();
    api = await apiSession();
    storageState = await signedInState(browser);
  });

  after(async () => {
    for (const session of [member, admin]) await session?.context.close();
    if (api) {
      for (const address of [nora, otto]) {
        const { body } = await api.call(`/api/admin/users?search=${encodeURIComponent(address)}`);
        for (const m of body?.members ?? []) await api.call(`/api/admin/users/${m.id}`, { method: "DELETE" });
      }
    }
    await browser?.close();
  });

  test("an administrator opens Users from the user menu and adds a member by invitation", { skip }, async (t) => {
    admin = await newPage(browser, { storageState });
    const { page, pageErrors } = admin;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      const users = new UsersPage(page, baseUrl);
      await chat.open();
      await chat.openUsers();
      await users.isShown();
      await users.row("You").filter({ hasText: adminEmail }).waitFor();

      await users.add({ email: nora, firstName: "Nora", roles: ["Agent"], facilities: ["Fontana Yard"] });
      await users.addDialog.getByText(`${nora} was added. Send them this link to choose a password:`).waitFor();
      invitation = await users.invitationLink();
      assert.match(invitation, new RegExp(`^${baseUrl}/invite/[A-Za-z0-9_-]+$`));
      await users.addDialog.getByText(/^Works once, until /).waitFor();
      await page.screenshot({ path: `${screenshots}admin-invitation.png` });
      await users.close(users.addDialog);

      await users.search(nora);
      const row = users.row(nora);
      await row.getByText("Invited", { exact: true }).waitFor();
      await row.getByText("Agent", { exact: true }).waitFor();
      await row.getByText("Fontana Yard", { exact: true }).waitFor();
      await row.getByText("Never", { exact: true }).waitFor();
      assert.deepEqual(pageErrors, []);
    });
  });

  test("the users page works from the keyboard", { skip }, async (t) => {
    const { page, pageErrors } = admin;
    const users = new UsersPage(page, baseUrl);
    /** Waits until the element named `name` has the focus (a closing menu or dialog hands it back a moment later). */
    const focusReturnsTo = (name) =>
      page.waitForFunction((label) => {
        const el = document.activeElement;
        return el?.getAttribute("aria-label") === label || el?.textContent?.trim() === label;
      }, name);
    await screenshotOnFailure(page, t.name, async () => {
      await users.searchBox.fill("");
      await users.searchBox.focus();
      await page.keyboard.type(nora);
      await users.row(nora).waitFor();
      // Tab into the status filter, then arrows move between its choices.
      await page.keyboard.press("Tab");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      await page.keyboard.press("ArrowRight");
      assert.equal(await page.getByRole("radio", { name: "Invited" }).isChecked(), true);
      await users.row(nora).waitFor();

      // The row menu opens with Enter, is walked with arrows, and Escape gives focus back.
      await page.getByRole("button", { name: "Actions for Nora" }).focus();
      await page.keyboard.press("Enter");
      await page.getByRole("menuitem", { name: "Edit roles and facilities" }).waitFor();
      await page.keyboard.press("ArrowDown");
      await focusReturnsTo("Suspend");
      await page.keyboard.press("Escape");
      await focusReturnsTo("Actions for Nora");

      // A dialog opened from the menu gives focus back to the menu's button.
      await page.keyboard.press("Enter");
      await page.getByRole("menuitem", { name: "Edit roles and facilities" }).waitFor();
      await page.keyboard.press("Enter");
      await users.editDialog.waitFor();
      await page.keyboard.press("Escape");
      await users.editDialog.waitFor({ state: "hidden" });
      await focusReturnsTo("Actions for Nora");

      // So does the add-member dialog: focus starts in it and comes back to its button.
      await users.addButton.focus();
      await page.keyboard.press("Enter");
      await users.addDialog.waitFor();
      await page.waitForFunction(() => document.activeElement?.getAttribute("type") === "email");
      await page.keyboard.press("Escape");
      await users.addDialog.waitFor({ state: "hidden" });
      await focusReturnsTo("Add member");
      await users.showOnly("All");
      assert.deepEqual(pageErrors, []);
    });
  });

  test("the invitation page checks the password, signs the member in, and works only once", { skip }, async (t) => {
    member = await newPage(browser);
    const { page, pageErrors } = member;
    await screenshotOnFailure(page, t.name, async () => {
      const invite = new InvitePage(page);
      await invite.goto(invitation);
      await invite.isShownFor(TENANT);
      await page.getByText(`You were invited to Waybill as ${nora}.`, { exact: false }).waitFor();
      assert.equal(await invite.firstName.inputValue(), "Nora");

      await invite.accept("short");
      await page.getByText("The password must be at least 8 characters.").waitFor();
      await invite.accept("warehouse-42", "warehouse-24");
      await page.getByText("The passwords do not match.").waitFor();
      await invite.showPasswords.check();
      assert.equal(await invite.password.getAttribute("type"), "text");
      await invite.accept("warehouse-42");

      const chat = new ChatPage(page, baseUrl);
      await chat.isShown();
      await page.getByRole("button", { name: "User menu for Nora" }).waitFor();
      await chat.openUserMenu();
      assert.equal(await page.getByRole("menuitem", { name: "Users" }).count(), 0, "no Users entry for a member who is not an admin");
      await page.keyboard.press("Escape");

      await page.goto(new URL("/admin/users", baseUrl).href);
      await new UsersPage(page, baseUrl).onlyAdmins.waitFor();

      await withSession(browser, { name: "invitation opened again" }, async ({ page: again }) => {
        const second = new InvitePage(again);
        await second.goto(invitation);
        await second.invalid.waitFor();
        await again.getByText("Ask your administrator for a new one.", { exact: false }).waitFor();
      });
      assert.deepEqual(pageErrors, []);
    });
  });

  test("a member past their chat quota is told when to try again, in their language", { skip }, async (t) => {
    const { page } = member;
    await screenshotOnFailure(page, t.name, async () => {
      const chat = new ChatPage(page, baseUrl);
      await chat.open();
      await chat.modelPicker.filter({ hasNotText: "Loading models…" }).waitFor();
      const restore = await answerOverQuota(page, 12);
      await chat.send("One more question");
      await chat.chatError.waitFor();
      assert.equal(await chat.chatError.locator("p").innerText(), "You are sending messages too quickly. Try again in 12 seconds.");

      await chat.chooseLanguage("de");
      await chat.chatError.getByText("Sie senden Nachrichten zu schnell. Versuchen Sie es in 12 Sekunden erneut.").waitFor();
      await page.screenshot({ path: `${screenshots}chat-quota-de.png` });
      await chat.chooseLanguage("en", "Sprache");
      await restore();
    });
  });

  test("suspending a member signs them out, and the sign-in page says why", { skip }, async (t) => {
    const users = new UsersPage(admin.page, baseUrl);
    await screenshotOnFailure(admin.page, t.name, () =>
      screenshotOnFailure(member.page, "suspended member", async () => {
        await users.act("Nora", "Suspend");
        await users.notice.getByText(`${nora} is suspended and signed out.`).waitFor();
        await users.row(nora).getByText("Suspended", { exact: true }).waitFor();

        // Whether the app already noticed (a background request) or does on this visit, the
        // sign-in page says why.
        await member.page.goto(new URL("/login", baseUrl).href);
        const login = new LoginPage(member.page, baseUrl);
        await login.isShown();
        await member.page
          .getByRole("alert")
          .getByText(`Your account is suspended in ${TENANT}. Ask an administrator of that organisation to reactivate it.`)
          .waitFor();
        await member.page.screenshot({ path: `${screenshots}login-suspended.png` });

        await users.act("Nora", "Reactivate");
        await users.notice.getByText(`${nora} is active again.`).waitFor();
        await users.row(nora).getByText("Active", { exact: true }).waitFor();
      }),
    );
  });

  test("the administrator edits access, cannot suspend themselves, renews a link and removes a member", { skip }, async (t) => {
    const { page, pageErrors } = admin;
    const users = new UsersPage(page, baseUrl);
    await screenshotOnFailure(page, t.name, async () => {
      await users.act("Nora", "Edit roles and facilities");
      await users.editDialog.getByRole("checkbox", { name: "Savannah Cross-Dock", exact: true }).check();
      await users.editDialog.getByRole("button", { name: "Save", exact: true }).click();
      await users.notice.getByText(`The changes to ${nora} were saved.`).waitFor();
      await users.row(nora).getByText("Fontana Yard, Savannah Cross-Dock", { exact: true }).waitFor();

      await users.search(adminEmail);
      await users.actOn(users.row("You"), "Suspend");
      await users.notice.getByText("You cannot suspend yourself", { exact: false }).waitFor();
      assert.equal(await users.notice.getAttribute("role"), "alert");

      await users.search("");
      await users.add({ email: otto, roles: [], facilities: ["Ontario CA Distribution Center"] });
      const first = await users.invitationLink();
      await users.close(users.addDialog);
      await users.search(otto);
      await users.actOn(users.row(otto), "New invitation link");
      await users.invitationDialog.getByText(`A new link for ${otto}. Earlier links no longer work.`).waitFor();
      const second = await users.invitationLink(users.invitationDialog);
      assert.notEqual(second, first);
      await users.close(users.invitationDialog);

      await withSession(browser, { name: "renewed invitation" }, async ({ page: visitor }) => {
        const invite = new InvitePage(visitor);
        await invite.goto(first);
        await invite.invalid.waitFor();
        await invite.goto(second);
        await invite.isShownFor(TENANT);
      });

      await users.actOn(users.row(otto), "Remove from tenant");
      await users.removeDialog.getByText(`${otto} loses access to ${TENANT} at once.`, { exact: false }).waitFor();
      await users.removeDialog.getByRole("button", { name: "Remove", exact: true }).click();
      await users.notice.getByText(`${otto} was removed from ${TENANT}.`).waitFor();
      await page.getByText("No members match.").waitFor();
      assert.deepEqual(pageErrors, []);
    });
  });
});
