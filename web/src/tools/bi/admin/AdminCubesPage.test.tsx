import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import type { CubeFileInfo } from "../../../generated/bi/CubeFileInfo";
import type { LoginResponse } from "../../../generated/LoginResponse";
import { chooseLanguage } from "../../../i18n";
import { FACILITIES } from "../../../test/adminServer";
import { fakeServer } from "../../../test/chatServer";
import { cube, cubeYaml, fakeCubesServer } from "../test/cubesServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { makeJwt } from "../../../test/jwt";
import { renderApp } from "../../../test/render";

const nowSec = () => Math.floor(Date.now() / 1000);
const sessionWith = (roles: ("admin" | "agent")[]): LoginResponse => ({
  accessToken: makeJwt({ sub: "u1", iat: nowSec(), exp: nowSec() + 900 }),
  refreshToken: "refresh-1",
  user: { firstName: "Grace", userName: "ghopper", email: "grace@example.test" },
  tenants: [{ id: "demo", name: "Demo Logistics", facilities: FACILITIES, roles }],
});
const admin = sessionWith(["admin"]);

const DAY = 86_400_000;
const outbound = cube("outbound_orders", "Outbound orders", { measures: ["count", "lines", "units"], dimensions: ["facility", "status", "carrier", "day"] });
const locations = cube("storage_locations", "Storage locations", { shipped: false, updatedBy: "ada@example.test", updatedAt: Date.now() - 3 * DAY });
const faces = cube("aisle_faces", "Aisle faces", {
  shipped: false,
  joins: ["storage_locations"],
  updatedBy: "ada@example.test",
  updatedAt: Date.now() - 2 * DAY,
});
const zones = cube("zones", "Zones", {
  shipped: false,
  updatedBy: "bob@example.test",
  updatedAt: Date.now() - DAY,
  problem: "outbound_orders is now a cube Waybill ships, which zones joins no more",
});

afterEach(() => vi.unstubAllGlobals());

type Open = { session?: LoginResponse; cubes?: CubeFileInfo[] } & Omit<Parameters<typeof fakeCubesServer>[0], "cubes">;

/** The cubes page, signed in with `session`, against the fake cubes API. */
async function openCubes({ session = admin, cubes = [outbound, locations, faces, zones], ...options }: Open = {}) {
  useAuthStore.getState().signIn(session);
  const cubesApi = fakeCubesServer({ cubes, ...options });
  const calls = mockFetch(fakeServer({ session, override: cubesApi.handler }).handler);
  const app = renderApp("/admin/cubes");
  return { ...app, calls, store: cubesApi.store, user: userEvent.setup() };
}

const rowOf = (name: string) => screen.getByRole("rowheader", { name: new RegExp(name) }).closest("tr")!;
const writes = (calls: Call[], method: string) => calls.filter((c) => c.method === method && c.path.startsWith("/api/admin/cubes"));
const listLoads = (calls: Call[]) => calls.filter((c) => c.method === "GET" && c.path === "/api/admin/cubes").length;
const yamlFile = (name: string, text: string) => new File([text], name, { type: "application/yaml" });

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole("button", { name: "Add cube" }, { timeout: 5000 }));
  return screen.getByRole("dialog", { name: "Add cube" });
}

describe("the BI cubes page", { timeout: 20_000 }, () => {
  it("lists the shipped cubes, then the tenant's own with who added them, and warns of a cube not in use", async () => {
    await openCubes();
    expect(await screen.findByRole("heading", { level: 1, name: "BI cubes" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/Cubes are the semantic layer the assistant queries/)).toBeVisible();

    const shipped = await waitFor(() => rowOf("Outbound orders"));
    expect(within(shipped).getByText("outbound_orders")).toBeVisible();
    expect(within(shipped).getByText("Shipped")).toBeVisible();
    expect(within(shipped).getByText("Outbound orders of the operational data.")).toBeVisible();
    expect(within(shipped).getByText("wms.outbound_orders")).toBeVisible();
    expect(within(shipped).getByText("Measures: 3")).toBeVisible();
    expect(within(shipped).getByText("Dimensions: 4")).toBeVisible();
    expect(within(shipped).getByRole("button", { name: "View the file of outbound_orders" })).toBeVisible();
    expect(within(shipped).queryByRole("button", { name: /Replace|Remove/ })).toBeNull();

    const own = rowOf("Storage locations");
    expect(within(own).queryByText("Shipped")).toBeNull();
    expect(within(own).getByText("Added by ada@example.test, 3 days ago")).toBeVisible();
    expect(within(own).getByRole("button", { name: "Replace storage_locations" })).toBeVisible();
    expect(within(own).getByRole("button", { name: "Remove storage_locations" })).toBeVisible();
    expect(within(own).queryByTestId("cube-problem")).toBeNull();
    expect(within(rowOf("Aisle faces")).getByText("storage_locations")).toBeVisible();

    expect(within(rowOf("Zones")).getByTestId("cube-problem")).toHaveTextContent(
      "Not in use: outbound_orders is now a cube Waybill ships, which zones joins no more",
    );
    expect(screen.getAllByTestId("cube-row").map((row) => within(row).getByRole("rowheader").textContent)).toEqual([
      expect.stringContaining("outbound_orders"),
      expect.stringContaining("storage_locations"),
      expect.stringContaining("aisle_faces"),
      expect.stringContaining("zones"),
    ]);
  });

  it("explains that there is no operational data to build cubes on, and offers no way to add one", async () => {
    await openCubes({ available: false });
    expect(await screen.findByRole("heading", { name: "No operational data connected" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText(/This organisation has none connected/)).toBeVisible();
    expect(screen.queryByRole("table")).toBeNull();
    expect(screen.queryByRole("button", { name: "Add cube" })).toBeNull();
  });

  it("fills the form from a picked file, and refuses a file over 256 KiB without sending it", async () => {
    const { calls, user } = await openCubes();
    const dialog = await openAddDialog(user);
    expect(within(dialog).getByRole("button", { name: "Check" })).toBeDisabled();
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeDisabled();

    const huge = yamlFile("huge.yaml", "name: huge\n");
    Object.defineProperty(huge, "size", { value: 300 * 1024 });
    await user.upload(within(dialog).getByLabelText("Cube file"), huge);
    expect(within(dialog).getByText("huge.yaml is 300.0 KB: a cube file can be at most 256 KB.")).toBeVisible();
    expect(within(dialog).getByRole("textbox", { name: "YAML" })).toHaveValue("");

    const text = cubeYaml("dock_doors", "Dock doors");
    await user.upload(within(dialog).getByLabelText("Cube file"), yamlFile("dock-doors.yml", text));
    await waitFor(() => expect(within(dialog).getByRole("textbox", { name: "YAML" })).toHaveValue(text));
    expect(within(dialog).getByRole("textbox", { name: "File name" })).toHaveValue("dock-doors.yml");
    expect(within(dialog).queryByText(/a cube file can be at most 256 KB/)).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Check" })).toBeEnabled();
    expect(writes(calls, "POST")).toEqual([]);
  });

  it("checks a pasted file, shows the server's refusal word for word, then saves it and reloads the list", async () => {
    const { calls, user } = await openCubes();
    const dialog = await openAddDialog(user);
    const yaml = within(dialog).getByRole("textbox", { name: "YAML" });
    await user.click(yaml);
    await user.paste("name: dock_doors\ntitle: Dock doors\ndescription: doors; gates\n");
    await user.type(within(dialog).getByRole("textbox", { name: "File name" }), "zones.yaml");
    await user.click(within(dialog).getByRole("button", { name: "Check" }));
    const refusal = await within(dialog).findByRole("alert");
    expect(refusal).toHaveTextContent("The check found a problem");
    expect(refusal).toHaveTextContent("zones.yaml: the description holds ';', which a cube's text may not");

    await user.clear(yaml);
    expect(within(dialog).queryByRole("alert")).toBeNull();
    await user.click(yaml);
    await user.paste(cubeYaml("dock_doors", "Dock doors"));
    await user.click(within(dialog).getByRole("button", { name: "Check" }));
    expect(await within(dialog).findByRole("status")).toHaveTextContent("Valid: Dock doors (dock_doors). Rows in your facilities: 1,234.");
    expect(writes(calls, "POST").map((c) => c.body)).toEqual([
      { yaml: "name: dock_doors\ntitle: Dock doors\ndescription: doors; gates\n", fileName: "zones.yaml", checkOnly: true },
      { yaml: cubeYaml("dock_doors", "Dock doors"), fileName: "zones.yaml", checkOnly: true },
    ]);
    const loadsBefore = listLoads(calls);

    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "POST").at(-1)!.body).toEqual({ yaml: cubeYaml("dock_doors", "Dock doors"), fileName: "zones.yaml" });
    expect(screen.getByRole("status")).toHaveTextContent("Added dock_doors.");
    expect(await screen.findByRole("rowheader", { name: /Dock doors/ })).toBeVisible();
    expect(listLoads(calls)).toBeGreaterThan(loadsBefore);
  });

  it("says when a shipped cube's name is taken, in the server's words", async () => {
    const { user } = await openCubes();
    const dialog = await openAddDialog(user);
    await user.click(within(dialog).getByRole("textbox", { name: "YAML" }));
    await user.paste(cubeYaml("outbound_orders", "My outbound"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    const refusal = await within(dialog).findByRole("alert");
    expect(refusal).toHaveTextContent("The cube was not saved");
    expect(refusal).toHaveTextContent("outbound_orders is a cube Waybill ships; give yours another name");
    expect(within(dialog).getByRole("button", { name: "Save" })).toBeEnabled();
  });

  it("replaces the tenant's own cube, starting from its current file", async () => {
    const current = "name: storage_locations\ntitle: Storage locations\ntable: wms.locations\n";
    const { calls, user } = await openCubes({ files: { storage_locations: current } });
    await user.click(await screen.findByRole("button", { name: "Replace storage_locations" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Replace storage_locations" });
    const yaml = await within(dialog).findByRole("textbox", { name: "YAML" });
    expect(yaml).toHaveValue(current);
    expect(within(dialog).getByRole("textbox", { name: "File name" })).toHaveValue("storage_locations.yaml");

    await user.clear(yaml);
    await user.click(yaml);
    await user.paste("name: storage_locations\ntitle: Bins and racks\n");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(writes(calls, "POST").map((c) => c.body)).toEqual([{ yaml: "name: storage_locations\ntitle: Bins and racks\n", fileName: "storage_locations.yaml" }]);
    expect(screen.getByRole("status")).toHaveTextContent("Replaced storage_locations.");
    expect(await screen.findByRole("rowheader", { name: /Bins and racks/ })).toBeVisible();
  });

  it("removes a cube after confirming", async () => {
    const { calls, user } = await openCubes();
    await user.click(await screen.findByRole("button", { name: "Remove zones" }, { timeout: 5000 }));
    const confirm = screen.getByRole("alertdialog", { name: "Remove cube" });
    expect(confirm).toHaveTextContent("zones is removed from Demo Logistics. The assistant can no longer query it.");
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("zones was removed.")).toBeVisible();
    expect(writes(calls, "DELETE").map((c) => c.path)).toEqual(["/api/admin/cubes/zones"]);
    await waitFor(() => expect(screen.queryByRole("rowheader", { name: /Zones/ })).toBeNull());
  });

  it("shows the server's reason when a cube another one joins cannot be removed", async () => {
    const { calls, user } = await openCubes();
    await user.click(await screen.findByRole("button", { name: "Remove storage_locations" }, { timeout: 5000 }));
    await user.click(within(screen.getByRole("alertdialog", { name: "Remove cube" })).getByRole("button", { name: "Remove" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("aisle_faces joins storage_locations: remove or change aisle_faces first");
    expect(writes(calls, "DELETE")).toHaveLength(1);
    expect(rowOf("Storage locations")).toBeVisible();
  });

  it("shows a cube's file as text, to copy or download, even where it looks like markup", async () => {
    const yaml = 'name: outbound_orders\ndescription: "<script>alert(1)</script> <b>bold</b>"\n';
    const { user } = await openCubes({ files: { outbound_orders: yaml } });
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole("button", { name: "View the file of outbound_orders" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Cube file of outbound_orders" });
    expect(dialog).toHaveTextContent("Shipped with Waybill and read only");
    const shown = await within(dialog).findByTestId("cube-yaml");
    expect(shown.textContent).toBe(yaml);
    expect(shown.querySelector("script, b")).toBeNull();
    expect(document.querySelector("script")).toBeNull();

    await user.click(within(dialog).getByRole("button", { name: "Copy" }));
    expect(writeText).toHaveBeenCalledWith(yaml);
    expect(within(dialog).getByRole("button", { name: "Copied" })).toBeVisible();
    const download = within(dialog).getByRole("link", { name: "Download outbound_orders.yaml" });
    expect(download).toHaveAttribute("download", "outbound_orders.yaml");
    expect(decodeURIComponent(download.getAttribute("href")!.split(",").slice(1).join(","))).toBe(yaml);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("is reached from the user menu, which offers BI cubes to administrators only", async () => {
    const { router, user } = await openCubes();
    await screen.findByRole("heading", { name: "BI cubes" }, { timeout: 5000 });
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.getByRole("menuitem", { name: "BI cubes" })).toHaveAttribute("href", "/admin/cubes");
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("link", { name: "Back to chat" }));
    expect(router.state.location.pathname).toBe("/");
    // The chat page is a chunk of its own: the first import takes a moment.
    await user.click(await screen.findByRole("button", { name: "User menu for Grace" }, { timeout: 5000 }));
    await user.click(screen.getByRole("menuitem", { name: "BI cubes" }));
    expect(router.state.location.pathname).toBe("/admin/cubes");
  });

  it("tells a member who is not an administrator that only administrators manage cubes", async () => {
    const { calls, user } = await openCubes({ session: sessionWith(["agent"]) });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage BI cubes" }, { timeout: 5000 })).toBeVisible();
    expect(calls.some((c) => c.path.startsWith("/api/admin/"))).toBe(false);
    await user.click(screen.getByRole("button", { name: "User menu for Grace" }));
    expect(screen.queryByRole("menuitem", { name: "BI cubes" })).toBeNull();
  });

  it("says the same when the server refuses the list (the grant was taken away)", async () => {
    await openCubes({ forbidden: true });
    expect(await screen.findByRole("heading", { name: "Only administrators can manage BI cubes" }, { timeout: 5000 })).toBeVisible();
  });

  it("shows cubes as labelled cards on a phone", async () => {
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: false, media: query, addEventListener: () => undefined, removeEventListener: () => undefined }));
    await openCubes();
    const cards = await screen.findAllByTestId("cube-row", {}, { timeout: 5000 });
    expect(screen.queryByRole("table")).toBeNull();
    const card = cards.find((c) => c.textContent?.includes("Zones"))!;
    expect(within(card).getByText("Table").nextElementSibling).toHaveTextContent("wms.zones");
    expect(within(card).getByTestId("cube-problem")).toBeVisible();
    expect(within(card).getByRole("button", { name: "Remove zones" })).toBeVisible();
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("ja");
    await openCubes();
    expect(await screen.findByRole("heading", { level: 1, name: "BI キューブ" }, { timeout: 5000 })).toBeVisible();
    expect(await screen.findByRole("button", { name: "キューブを追加" })).toBeVisible();
    expect(within(await waitFor(() => rowOf("Outbound orders"))).getByText("同梱")).toBeVisible();
  });
});
