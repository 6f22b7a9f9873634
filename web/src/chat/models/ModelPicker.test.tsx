import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useAuthStore } from "../../auth/store";
import type { Role } from "../../generated/Role";
import { chooseLanguage } from "../../i18n";
import { OFFLINE } from "../../test/chatServer";
import { ModelPicker } from "./ModelPicker";

const signedInAs = (roles: Role[]) =>
  useAuthStore.setState({ tenants: [{ id: "t1", name: "Acme Logistics", facilities: [], roles }], tenantId: "t1" });

async function openPicker(models = [OFFLINE]) {
  render(<ModelPicker models={models} value="waybill-offline" onChange={() => undefined} />);
  await userEvent.click(screen.getByTestId("model-picker"));
  return screen.getByRole("menu");
}

describe("the model picker without an AI provider", () => {
  it("tells a member, as the offline model does, that an administrator can add one", async () => {
    signedInAs([]);
    const menu = await openPicker();
    const note = within(menu).getByRole("note");
    expect(note).toHaveTextContent(
      "No AI provider is set up yet, so the offline model can only answer simple questions such as the time or the weather somewhere; an administrator can add one.",
    );
    expect(note).not.toHaveTextContent("OPENAI_API_KEY");
  });

  it("tells an administrator how to add one: the server's keys, or a server in waybill.toml", async () => {
    signedInAs(["admin"]);
    const menu = await openPicker();
    const note = within(menu).getByRole("note");
    expect(within(note).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["OPENAI_API_KEY", "ANTHROPIC_API_KEY", "GEMINI_API_KEY", "DEEPSEEK_API_KEY"]);
    expect(note).toHaveTextContent("restart Waybill");
    expect(note).toHaveTextContent("[[models]] in waybill.toml");
  });

  it("says it in the reader's language", async () => {
    signedInAs([]);
    await chooseLanguage("de");
    const menu = await openPicker();
    expect(within(menu).getByRole("note")).toHaveTextContent(/^Es ist noch kein KI-Anbieter eingerichtet/);
  });

  it("says nothing of it once a provider is set up", async () => {
    signedInAs(["admin"]);
    const menu = await openPicker([{ id: "gpt-4.1", name: "GPT-4.1", provider: "openai", requiresKey: true }, OFFLINE]);
    expect(within(menu).queryByRole("note")).toBeNull();
  });
});
