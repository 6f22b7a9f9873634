import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAuthStore } from "../../../auth/store";
import { fakeServer } from "../../../test/chatServer";
import { type Call, mockFetch } from "../../../test/fetchMock";
import { renderApp } from "../../../test/render";
import { REST, fakeTrackerRestServer, member, trackerIssue } from "../test/trackerRestServer";


afterEach(() => vi.unstubAllGlobals());

async function openDialog(path = "/tracker") {
  useAuthStore.getState().signIn(member);
  const tracker = fakeTrackerRestServer({ issues: [trackerIssue(1)] });
  const calls = mockFetch(fakeServer({ session: member, override: tracker.handler }).handler);
  const app = renderApp(path);
  const user = userEvent.setup();
  await screen.findAllByTestId("issue-row", {}, { timeout: 5000 });
  await user.click(screen.getByRole("button", { name: "Create issue" }));
  const dialog = screen.getByRole("dialog", { name: "Create issue" });
  return { ...app, calls, state: tracker.state, user, dialog };
}

const creates = (calls: Call[]) => calls.filter((c) => c.method === "POST" && c.path === `${REST}/issue`).map((c) => c.body);

describe("creating an issue", { timeout: 20_000 }, () => {
  it("asks for a project, then a type, then shows that type's fields, marking the required ones", async () => {
    const { dialog, user, calls } = await openDialog();
    const project = within(dialog).getByRole("combobox", { name: "Project" });
    const type = within(dialog).getByRole("combobox", { name: "Type" });
    expect(project).toHaveValue("");
    expect(type).toBeDisabled();
    expect(within(dialog).queryByRole("textbox", { name: "Summary" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Create" })).toBeDisabled();

    await user.selectOptions(project, "OPS");
    await waitFor(() => expect(type).toBeEnabled());
    expect(within(type).getAllByRole("option").map((o) => o.textContent)).toEqual(["Choose an issue type…", "Task", "Bug", "Incident", "Claim"]);
    await user.selectOptions(type, "Task");
    const summary = await within(dialog).findByRole("textbox", { name: "Summary" });
    expect(summary).toHaveAttribute("aria-required", "true");
    expect(within(dialog).getByText("Summary").querySelector('[aria-hidden="true"]')).toHaveAttribute("title", "Required");
    const labels = [...dialog.querySelectorAll("label")].map((l) => l.textContent);
    expect(labels).toEqual(["Project*", "Type*", "Summary*", "Description", "Priority", "Assignee", "Labels", "Due date", "Facility"]);
    expect(within(dialog).getByRole("combobox", { name: "Facility" })).not.toHaveAttribute("aria-required");
    expect(calls.filter((c) => c.path.startsWith(`${REST}/issue/createmeta`)).map((c) => c.path)).toEqual([
      `${REST}/issue/createmeta/OPS/issuetypes`,
      `${REST}/issue/createmeta/OPS/issuetypes/10001`,
    ]);

    // An Incident has no due date, and needs its facility.
    await user.selectOptions(type, "Incident");
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Facility" })).toHaveAttribute("aria-required", "true"));
    expect(within(dialog).queryByLabelText("Due date")).toBeNull();
    expect(within(within(dialog).getByRole("combobox", { name: "Facility" })).getAllByRole("option").map((o) => o.textContent)).toEqual(["Choose…", "Ontario DC", "Fontana Yard"]);
    expect(within(within(dialog).getByRole("combobox", { name: "Priority" })).getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Default",
      "Highest",
      "High",
      "Medium",
      "Low",
      "Lowest",
    ]);
    // Only people with an account can be assigned.
    await waitFor(() => expect(within(within(dialog).getByRole("combobox", { name: "Assignee" })).getAllByRole("option").map((o) => o.textContent)).toEqual(["Unassigned", "Grace", "Maria"]));
  });

  it("shows the server's refusal under each field it names, and sends only what was filled", async () => {
    const { dialog, user, calls, state } = await openDialog("/tracker?project=OPS");
    expect(within(dialog).getByRole("combobox", { name: "Project" })).toHaveValue("OPS");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Type" }), "Incident");
    await within(dialog).findByRole("textbox", { name: "Summary" });
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    const summary = within(dialog).getByRole("textbox", { name: "Summary" });
    await waitFor(() => expect(summary).toHaveAccessibleDescription("You must specify a summary of the issue."));
    expect(summary).toHaveAttribute("aria-invalid", "true");
    expect(summary).toHaveFocus();
    const facility = within(dialog).getByRole("combobox", { name: "Facility" });
    expect(facility).toHaveAccessibleDescription("Facility is required.");
    expect(creates(calls)).toEqual([{ fields: { project: { key: "OPS" }, issuetype: { id: "10003" } } }]);
    expect(state.issues).toHaveLength(1);

    // Fixing a field clears its refusal; the other stays until the next try.
    await user.type(summary, "Forklift 3 horn not working");
    expect(summary).not.toHaveAttribute("aria-invalid");
    expect(facility).toHaveAccessibleDescription("Facility is required.");
  });

  it("says the server's general messages above the fields", async () => {
    useAuthStore.getState().signIn(member);
    const tracker = fakeTrackerRestServer({ issues: [trackerIssue(1)] });
    mockFetch(
      fakeServer({
        session: member,
        override: (call) =>
          call.method === "POST" && call.path === `${REST}/issue`
            ? new Response(JSON.stringify({ errorMessages: ["Issues cannot be created in OPS right now."], errors: { reporter: "Reporter is not a member." } }), { status: 400 })
            : tracker.handler(call),
      }).handler,
    );
    renderApp("/tracker?project=OPS");
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create issue" }, { timeout: 5000 }));
    const dialog = screen.getByRole("dialog", { name: "Create issue" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Type" }), "Task");
    await user.type(await within(dialog).findByRole("textbox", { name: "Summary" }), "Dock 4 leveller stuck");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));
    const alert = await within(dialog).findByRole("alert");
    expect(alert).toHaveTextContent("The issue was not created");
    expect(alert).toHaveTextContent("Issues cannot be created in OPS right now.");
    expect(alert).toHaveTextContent("reporter: Reporter is not a member.");
  });

  it("creates the issue with every field filled, then opens it", async () => {
    const { dialog, user, calls, router } = await openDialog();
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Project" }), "OPS");
    await waitFor(() => expect(within(dialog).getByRole("combobox", { name: "Type" })).toBeEnabled());
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Type" }), "Task");
    await user.type(await within(dialog).findByRole("textbox", { name: "Summary" }), "  Forklift 3 horn not working ");
    await user.type(within(dialog).getByRole("textbox", { name: "Description" }), "Horn silent since the night shift.{Enter}Checked the fuse.");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Priority" }), "High");
    await waitFor(() => expect(within(dialog).getByRole("option", { name: "Maria" })).toBeInTheDocument());
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Assignee" }), "Maria");
    await user.type(within(dialog).getByRole("textbox", { name: "Labels" }), "forklift, safety  dock,forklift");
    expect(within(dialog).getByRole("textbox", { name: "Labels" })).toHaveAccessibleDescription("Separate labels with commas or spaces.");
    await user.type(within(dialog).getByLabelText("Due date"), "2026-12-01");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Facility" }), "Fontana Yard");
    await user.click(within(dialog).getByRole("button", { name: "Create" }));

    await waitFor(() => expect(router.state.location.pathname).toBe("/tracker/browse/OPS-901"));
    expect(creates(calls)).toEqual([
      {
        fields: {
          project: { key: "OPS" },
          issuetype: { id: "10001" },
          summary: "Forklift 3 horn not working",
          description: "Horn silent since the night shift.\nChecked the fuse.",
          priority: { name: "High" },
          assignee: { accountId: "u2" },
          labels: ["forklift", "safety", "dock"],
          duedate: "2026-12-01",
          customfield_10010: { id: "yard-fontana" },
        },
      },
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "Forklift 3 horn not working" }, { timeout: 5000 })).toBeVisible();
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
