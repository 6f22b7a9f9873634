import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { LoginResponse } from "../../../generated/LoginResponse";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import { chooseLanguage } from "../../../i18n";
import { FACILITIES } from "../../../test/adminServer";
import { fakeServer } from "../../../test/chatServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { renderApp } from "../../../test/render";
import { fakeSystemsServer, system } from "../test/systemsServer";

const nowSec = () => Math.floor(Date.now() / 1000);
const sessionWith = (roles: ("admin" | "agent")[]): LoginResponse => ({
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles }],
});
const admin = sessionWith(["admin"]);

const demoWms = system("demo-wms", "Demo WMS", {
  baseUrl: "http://127.0.0.1:7311/wms",
  specUrl: null,
  title: "Demo Facility WMS",
  version: "1.4.0",
  operationCount: 31,
  builtIn: true,
});
const ontarioOms = system("ontario-oms", "Ontario OMS", {
  kind: "oms",
  auth: { type: "apiKey", header: "X-Api-Key" },
  title: "Order API",
  version: "2.3.0",
  safeOperations: ["createOrder"],
});

afterEach(() => vi.unstubAllGlobals());

type Open = { session?: LoginResponse; systems?: SystemInfo[] } & Omit<Parameters<typeof fakeSystemsServer>[0], "systems">;

/** The systems page, signed in with `session`, against the fake systems API. */
async function openSystems({ session = admin, systems = [demoWms, ontarioOms], ...options }: Open = {}) {
  useAuthStore.getState().signIn(session);
  const systemsApi = fakeSystemsServer({ systems, ...options });
  const calls = mockFetch(fakeServer({ session, override: systemsApi.handler }).handler);
  const app = renderApp("/admin/systems");
  return { ...app, calls, store: systemsApi.store, user: userEvent.setup() };
}

const rowOf = (name: string) => screen.getByRole("rowheader", { name: new RegExp(name) }).closest("tr")!;
const writes = (calls: Call[], method: string) => calls.filter((c) => c.method === method && c.path.startsWith("/api/admin/systems"));
const jsonFile = (name: string, text: string) => new File([text], name, { type: "application/json" });
const OPENAPI = JSON.stringify({ openapi: "3.1.0", info: { title: "Fontana Yard API", version: "0.9.0" }, paths: {} });

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Add system" }, { timeout: 5000 }));
  return screen.getByRole("dialog", { name: "Add business system" });
}

describe("the business systems page", { timeout: 20_000 }, () => {
  it("lists the systems with kind, document, base URL, operations, sign-in and the built-in mark", async () => {
    await openSystems();
    expect(await screen.findByRole("heading", { level: 1, name: "Business systems" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/The warehouse, freight, yard and order systems that Demo Logistics connects/)).toBeVisible();

    const builtIn = await waitFor(() => rowOf("Demo WMS"));
    expect(within(builtIn).getByText("WMS")).toBeVisible();
    expect(within(builtIn).getByText("Warehouse management")).toBeInTheDocument();
    expect(within(builtIn).getByText("Built-in")).toBeVisible();
    expect(within(builtIn).getByText("http://127.0.0.1:7311/wms")).toBeVisible();
    expect(within(builtIn).getByText("Demo Facility WMS")).toBeVisible();
    expect(within(builtIn).getByText("1.4.0")).toBeVisible();
    expect(within(builtIn).getByText("Operations: 31")).toBeVisible();
    expect(within(builtIn).getByText("Bearer token")).toBeVisible();
    expect(within(builtIn).getByText(/Nov 20, 2026/)).toBeVisible();

    const oms = rowOf("Ontario OMS");
    expect(within(oms).getByText("OMS")).toBeVisible();
    expect(within(oms).queryByText("Built-in")).toBeNull();
    expect(within(oms).getByText(/Operations: 3 · marked safe: 1/)).toBeVisible();
    expect(within(oms).getByText("API key")).toBeVisible();
    expect(within(oms).getByText("X-Api-Key")).toBeVisible();
  });

  it("explains what a business system is when there is none, and offers to add one", async () => {
    const { user } = await openSystems({ systems: [] });
    expect(await screen.findByRole("heading", { name: "No business systems yet" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/A business system is a warehouse \(WMS\), freight \(FMS\), yard \(YMS\) or order \(OMS\) system/)).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Add system" }));
    expect(screen.getByRole("dialog", { name: "Add business system" })).toBeVisible();
  });

  it("adds a system whose document is at a URL, checking the required fields first", async () => {
    const { calls, user } = await openSystems();
    const dialog = await openAddDialog(user);

    await user.click(within(dialog).getByRole("button", { name: "Add system" }));
    expect(within(dialog).getAllByText("Fill in this field.")).toHaveLength(3);
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveFocus();
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveAttribute("aria-invalid", "true");
    expect(writes(calls, "POST")).toEqual([]);

    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Savannah FMS");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Kind" }), "fms");
    await user.type(within(dialog).getByRole("textbox", { name: "Base URL" }), "fms.example.com");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Method" }), "apiKey");
    await user.type(within(dialog).getByRole("textbox", { name: "Header name" }), "X-Api-Key");
    await user.type(within(dialog).getByRole("textbox", { name: "Document URL" }), "https://fms.example.com/openapi.yaml");
    await user.click(within(dialog).getByRole("button", { name: "Add system" }));
    expect(within(dialog).getByText("Enter a web address that starts with http:// or https://.")).toBeVisible();
    expect(within(dialog).getByText("Enter the secret for this sign-in.")).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: "Base URL" })).toHaveFocus();

    const baseUrl = within(dialog).getByRole("textbox", { name: "Base URL" });
    await user.clear(baseUrl);
    await user.type(baseUrl, "https://fms.example.com/api");
    await user.type(within(dialog).getByLabelText("API key"), "k-123");
    await user.click(within(dialog).getByRole("button", { name: "Add system" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "POST").map((c) => c.body)).toEqual([
      {
        name: "Savannah FMS",
        kind: "fms",
        baseUrl: "https://fms.example.com/api",
        auth: { type: "apiKey", header: "X-Api-Key" },
        secret: "k-123",
        specUrl: "https://fms.example.com/openapi.yaml",
      },
    ]);
    expect(screen.getByRole("status")).toHaveTextContent("Savannah FMS was added. Operations imported: 3.");
    expect(await screen.findByRole("rowheader", { name: /Savannah FMS/ })).toBeVisible();
  });

  it("adds a system from an uploaded document, shown by name and size; a file over 9 MB is refused", async () => {
    const { calls, user } = await openSystems();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Fontana YMS");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Kind" }), "yms");
    await user.type(within(dialog).getByRole("textbox", { name: "Base URL" }), "https://yard.example.com");
    await user.click(within(dialog).getByRole("radio", { name: "Upload a file" }));
    expect(within(dialog).queryByRole("textbox", { name: "Document URL" })).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Add system" }));
    expect(within(dialog).getByText("Choose the document file.")).toBeVisible();

    const huge = jsonFile("huge.json", "{}");
    Object.defineProperty(huge, "size", { value: 21 * 1024 * 1024 });
    await user.upload(within(dialog).getByLabelText("Document file"), huge);
    expect(within(dialog).getByText("huge.json is 21.0 MB: a document can be at most 9 MB.")).toBeVisible();
    expect(within(dialog).queryByTestId("chosen-document")).toBeNull();

    await user.upload(within(dialog).getByLabelText("Document file"), jsonFile("yard.json", OPENAPI));
    expect(await within(dialog).findByTestId("chosen-document")).toHaveTextContent(`yard.json${OPENAPI.length} Bytes`);
    expect(within(dialog).queryByText(/a document can be at most 9 MB/)).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Add system" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "POST").map((c) => c.body)).toEqual([
      { name: "Fontana YMS", kind: "yms", baseUrl: "https://yard.example.com", auth: { type: "none" }, document: OPENAPI },
    ]);
    const row = await screen.findByRole("rowheader", { name: /Fontana YMS/ });
    expect(within(row.closest("tr")!).getByText("Fontana Yard API")).toBeVisible();
  });

  it("shows the server's refusal in the form: a private base URL, a document that is not OpenAPI, an unreachable URL", async () => {
    const { user } = await openSystems();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Local WMS");
    await user.type(within(dialog).getByRole("textbox", { name: "Base URL" }), "http://127.0.0.1:8080");
    await user.type(within(dialog).getByRole("textbox", { name: "Document URL" }), "https://docs.example.com/wms.json");
    await user.click(within(dialog).getByRole("button", { name: "Add system" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The base URL is refused: 127.0.0.1 is a loopback or private address");
    expect(within(dialog).getByRole("button", { name: "Add system" })).toBeEnabled();

    const baseUrl = within(dialog).getByRole("textbox", { name: "Base URL" });
    await user.clear(baseUrl);
    await user.type(baseUrl, "https://wms.example.com");
    const documentUrl = within(dialog).getByRole("textbox", { name: "Document URL" });
    await user.clear(documentUrl);
    await user.type(documentUrl, "https://unreachable.example.com/wms.json");
    await user.click(within(dialog).getByRole("button", { name: "Add system" }));
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveTextContent("unreachable.example.com could not be reached: connection refused"));

    await user.click(within(dialog).getByRole("radio", { name: "Upload a file" }));
    await user.upload(within(dialog).getByLabelText("Document file"), jsonFile("notes.yaml", "title: shopping list"));
    await within(dialog).findByTestId("chosen-document");
    await user.click(within(dialog).getByRole("button", { name: "Add system" }));
    await waitFor(() => expect(within(dialog).getByRole("alert")).toHaveTextContent("The OpenAPI document was rejected: it is neither OpenAPI 3.0 nor 3.1"));
  });

  it("saves a system whose host does not resolve yet and says it cannot be reached, not that it was refused", async () => {
    const { user } = await openSystems();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByRole("textbox", { name: "Name" }), "Later ERP");
    await user.type(within(dialog).getByRole("textbox", { name: "Base URL" }), "https://erp.not-set-up-yet.invalid/api");
    await user.click(within(dialog).getByRole("radio", { name: "Upload a file" }));
    await user.upload(within(dialog).getByLabelText("Document file"), jsonFile("erp.json", OPENAPI));
    await within(dialog).findByTestId("chosen-document");
    await user.click(within(dialog).getByRole("button", { name: "Add system" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByRole("status")).toHaveTextContent(
      "Later ERP was saved, but erp.not-set-up-yet.invalid cannot be reached from here: its name does not resolve. Calls to it will fail until it does.",
    );
    expect(await screen.findByRole("rowheader", { name: /Later ERP/ })).toBeVisible();
  });

  it("edits a system without sending a secret when none is typed, and keeps its document", async () => {
    const { calls, user } = await openSystems();
    await user.click(await screen.findByRole("button", { name: "More actions for Ontario OMS" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Ontario OMS" });
    expect(within(dialog).getByRole("textbox", { name: "Name" })).toHaveValue("Ontario OMS");
    expect(within(dialog).getByRole("combobox", { name: "Method" })).toHaveValue("apiKey");
    expect(within(dialog).getByLabelText("API key")).toHaveValue("");
    expect(within(dialog).getByText("A secret is stored — leave empty to keep it.")).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: "Document URL" })).toHaveValue("https://ontario-oms.example.com/openapi.json");

    const name = within(dialog).getByRole("textbox", { name: "Name" });
    await user.clear(name);
    await user.type(name, "Ontario Orders");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(writes(calls, "PUT")).toMatchObject([
      {
        path: "/api/admin/systems/ontario-oms",
        body: {
          name: "Ontario Orders",
          kind: "oms",
          baseUrl: "https://ontario-oms.example.com/api",
          auth: { type: "apiKey", header: "X-Api-Key" },
          specUrl: "https://ontario-oms.example.com/openapi.json",
        },
      },
    ]);
    expect(writes(calls, "PUT")[0]!.body).not.toHaveProperty("secret");
    expect(screen.getByRole("status")).toHaveTextContent("The changes to Ontario Orders were saved.");
    expect(await screen.findByRole("rowheader", { name: /Ontario Orders/ })).toBeVisible();
  });

  it("asks for a secret when the sign-in changes kind, since the stored one was for the other", async () => {
    const { calls, user } = await openSystems();
    await user.click(await screen.findByRole("button", { name: "More actions for Ontario OMS" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Edit" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Ontario OMS" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Method" }), "basic");
    await user.type(within(dialog).getByRole("textbox", { name: "User name" }), "waybill");
    expect(within(dialog).queryByText("A secret is stored — leave empty to keep it.")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(within(dialog).getByText("Enter the secret for this sign-in.")).toBeVisible();
    expect(within(dialog).getByLabelText("Password")).toHaveFocus();
    await user.type(within(dialog).getByLabelText("Password"), "s3cret");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "PUT")[0]!.body).toMatchObject({ auth: { type: "basic", username: "waybill" }, secret: "s3cret" });
  });

  it("offers no edit or remove for a built-in system, which can still be tested, re-imported and opened", async () => {
    const { user } = await openSystems();
    await user.click(await screen.findByRole("button", { name: "More actions for Demo WMS" }, { timeout: 5000 }));
    expect(screen.getByRole("menuitem", { name: "Operations" })).toBeVisible();
    expect(screen.queryByRole("menuitem", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("menuitem", { name: "Remove" })).toBeNull();
    await user.keyboard("{Escape}");
    const row = rowOf("Demo WMS");
    expect(within(row).getByRole("button", { name: "Test the connection to Demo WMS" })).toBeEnabled();
    expect(within(row).getByRole("button", { name: "Re-import the document of Demo WMS" })).toBeEnabled();
  });

  it("tests the connection and says whether it worked, with the status, the message and the time taken", async () => {
    const { calls, user } = await openSystems({
      tests: { "demo-wms": { ok: false, status: 401, message: "GET http://127.0.0.1:7311/wms/v1/items answered 401 Unauthorized: check the URL and the sign-in", elapsedMs: 12 } },
    });
    await user.click(await screen.findByRole("button", { name: "Test the connection to Ontario OMS" }, { timeout: 5000 }));
    const ok = await screen.findByRole("status");
    expect(ok).toHaveTextContent("The connection to Ontario OMS works.");
    expect(ok).toHaveTextContent("HTTP 200 · 84 ms · GET https://ontario-oms.example.com/api/v1/orders answered 200 OK");
    expect(writes(calls, "POST").map((c) => c.path)).toEqual(["/api/admin/systems/ontario-oms/test"]);

    await user.click(screen.getByRole("button", { name: "Test the connection to Demo WMS" }));
    const failed = await screen.findByRole("alert");
    expect(failed).toHaveTextContent("The connection to Demo WMS failed.");
    expect(failed).toHaveTextContent("HTTP 401 · 12 ms · GET http://127.0.0.1:7311/wms/v1/items answered 401 Unauthorized: check the URL and the sign-in");
  });

  it("re-imports a document from its URL, or from a new file, and shows a rejected document's reason", async () => {
    const { calls, user } = await openSystems();
    await user.click(await screen.findByRole("button", { name: "Re-import the document of Ontario OMS" }, { timeout: 5000 }));
    let dialog = screen.getByRole("dialog", { name: "Re-import the document of Ontario OMS" });
    expect(within(dialog).getByText("https://ontario-oms.example.com/openapi.json")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Import from the URL" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "POST")).toMatchObject([{ path: "/api/admin/systems/ontario-oms/import", body: {} }]);
    expect(screen.getByRole("status")).toHaveTextContent("The document of Ontario OMS was imported again. Operations: 3.");

    // A built-in system's document was never at a URL: only a file replaces it.
    await user.click(screen.getByRole("button", { name: "Re-import the document of Demo WMS" }));
    dialog = screen.getByRole("dialog", { name: "Re-import the document of Demo WMS" });
    expect(within(dialog).queryByRole("button", { name: "Import from the URL" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Import this file" })).toBeDisabled();
    await user.upload(within(dialog).getByLabelText("Document file"), jsonFile("wms.yaml", "not a spec"));
    await user.click(await within(dialog).findByRole("button", { name: "Import this file" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("The OpenAPI document was rejected: it is neither OpenAPI 3.0 nor 3.1");

    await user.upload(within(dialog).getByLabelText("Document file"), jsonFile("wms.json", OPENAPI));
    await within(dialog).findByText("wms.json");
    await user.click(within(dialog).getByRole("button", { name: "Import this file" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "POST").at(-1)).toMatchObject({ path: "/api/admin/systems/demo-wms/import", body: { document: OPENAPI } });
  });

  it("lists a system's operations, filters them, and saves the write operations marked safe", async () => {
    const { calls, user } = await openSystems();
    await user.click(await screen.findByRole("button", { name: "Ontario OMS" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Operations of Ontario OMS" });
    expect(dialog).toHaveTextContent("Operations that change data ask the user before every call unless you mark them safe");
    const rows = await within(dialog).findAllByTestId("operation-row");
    expect(rows).toHaveLength(3);

    const read = rows[0]!;
    expect(within(read).getByText("GET")).toBeVisible();
    expect(within(read).getByText("/v1/orders")).toBeVisible();
    expect(within(read).getByText("List orders")).toBeVisible();
    expect(within(read).getByText("No approval needed")).toBeVisible();
    expect(within(read).queryByRole("checkbox")).toBeNull();
    expect(within(dialog).getByRole("checkbox", { name: "Safe: POST /v1/orders" })).toBeChecked();
    expect(within(dialog).getByText("Marked safe: 1 of 2 operations that change data.")).toBeVisible();

    await user.type(within(dialog).getByRole("searchbox", { name: "Filter operations" }), "cancel");
    expect(within(dialog).getAllByTestId("operation-row")).toHaveLength(1);
    await user.click(within(dialog).getByRole("checkbox", { name: "Safe: DELETE /v1/orders/{orderNo}" }));
    await user.clear(within(dialog).getByRole("searchbox", { name: "Filter operations" }));
    await user.type(within(dialog).getByRole("searchbox", { name: "Filter operations" }), "nothing like it");
    expect(within(dialog).getByText("No operations match.")).toBeVisible();
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "PUT")).toEqual([
      expect.objectContaining({ path: "/api/admin/systems/ontario-oms/safe-operations", body: { operations: ["createOrder", "cancelOrder"] } }),
    ]);
    expect(screen.getByRole("status")).toHaveTextContent("The safe operations of Ontario OMS were saved.");
    expect(await within(rowOf("Ontario OMS")).findByText(/marked safe: 2/)).toBeVisible();
  });

  it("removes a system after confirming", async () => {
    const { calls, user } = await openSystems();
    await user.click(await screen.findByRole("button", { name: "More actions for Ontario OMS" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Remove" }));
    const confirm = screen.getByRole("alertdialog", { name: "Remove business system" });
    expect(confirm).toHaveTextContent("Ontario OMS is removed from Demo Logistics with its stored secret. The assistant can no longer reach it.");
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Ontario OMS was removed from Demo Logistics.")).toBeVisible();
    expect(writes(calls, "DELETE").map((c) => c.path)).toEqual(["/api/admin/systems/ontario-oms"]);
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: /Ontario OMS/ })).toBeNull());
  });

  it("is reached from the user menu, which offers Business systems to administrators only", async () => {
    const { router, user } = await openSystems();
    await screen.findByRole("heading", { name: "Business systems" }, { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.getByRole("menuitem", { name: "Business systems" })).toHaveAttribute("href", "/admin/systems");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("link", { name: "Back to chat" }));
    expect(router.state.location.pathname).toBe("/");
    // The chat page is a chunk of its own: the first import takes a moment.
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "Business systems" }));
    expect(router.state.location.pathname).toBe("/admin/systems");
  });

  it("tells a member who is not an administrator that only administrators manage business systems", async () => {
    const { calls, user } = await openSystems({ session: sessionWith(["agent"]) });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage business systems" }, { timeout: 5000 })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith("/api/admin/"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.queryByRole("menuitem", { name: "Business systems" })).toBeNull();
  });

  it("says the same when the server refuses the list (the grant was taken away)", async () => {
    await openSystems({ forbidden: true });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage business systems" }, { timeout: 5000 })).toBeVisible();
  });

  it("shows systems as labelled cards on a phone", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    await openSystems();
    const cards = await screen.findAllByTestId("system-row", {}, { timeout: 5000 });
    expect(screen.queryByRole("table")).toBeNull();
    const card = cards.find((c) => c.textContent?.includes("Ontario OMS"))!;
    expect(within(card).getByText("Sign-in").nextElementSibling).toHaveTextContent("API key");
    expect(within(card).getByRole("button", { name: "Test the connection to Ontario OMS" })).toBeVisible();
    expect(within(card).getByRole("button", { name: "More actions for Ontario OMS" })).toBeVisible();
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("ja");
    await openSystems();
    expect(await screen.findByRole("heading", { level: 1, name: "業務システム" }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole("button", { name: "システムを追加" })).toBeVisible();
    expect(within(await waitFor(() => rowOf("Demo WMS"))).getByText("組み込み")).toBeVisible();
  });
});
