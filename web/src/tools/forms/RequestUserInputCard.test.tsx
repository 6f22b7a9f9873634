import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { UserInputRequest } from "../../generated/tools/forms/UserInputRequest";
import type { UserInputResult } from "../../generated/tools/forms/UserInputResult";
import { useAuthStore } from "../../auth/store";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { ToolPart } from "../registry";
import { ToolCallAnswerableContext } from "../shell/toolCall";

vi.mock("../../forms/selectors/Selector", () => import("../../forms/fakeSelector"));

const request: UserInputRequest = {
  title: "New inbound receipt",
  description: "Tell me what is coming in, and I will create the receipt.",
  fields: [
    { name: "customerId", label: "Customer", type: "customerSelector", required: true },
    { name: "expectedDate", label: "Expected date", type: "date", defaultValue: "2026-12-01" },
    { name: "notes", label: "Notes", type: "textarea" },
  ],
};

const answer: UserInputResult = {
  submitted: true,
  values: { customerId: "CUS-0001", expectedDate: "2026-12-01", notes: "Seal 4471", taskCmd: { customerId: "CUS-0001" } },
  labels: { customerId: { value: "CUS-0001", label: "Pacific Outdoor Supply", data: { merchantNo: "M10001" } } },
};

const asking = () => toolCall("requestUserInput", "executing", { input: request, toolCallId: "call-form" });

describe("the user-input card", () => {
  it("says the form is being prepared while the model writes it", () => {
    renderInChat(<ToolPart invocation={toolCall("requestUserInput", "preparing", { input: { title: "New" } })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Preparing user input form...");
    expect(screen.queryByTestId("dynamic-form")).toBeNull();
  });

  it("asks with the form and posts the answer as the call's result", async () => {
    const user = userEvent.setup();
    const { actions } = renderInChat(<ToolPart invocation={asking()} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("New inbound receipt");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Waiting for your answer");
    expect(screen.getByTestId("form-description")).toHaveTextContent("Tell me what is coming in, and I will create the receipt.");

    await user.click(screen.getByTestId("form-submit"));
    expect(screen.getByTestId("form-error-customerId")).toHaveTextContent("Customer is required");
    expect(actions.submitOutput).not.toHaveBeenCalled();

    await user.click(within(screen.getByTestId("form-field-customerId")).getByRole("button", { name: "Pacific Outdoor Supply" }));
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "Seal 4471");
    await user.click(screen.getByTestId("form-submit"));
    expect(actions.submitOutput).toHaveBeenCalledExactlyOnceWith("requestUserInput", "call-form", answer);
  });

  it("posts a cancel as submitted: false, canceled: true", async () => {
    const user = userEvent.setup();
    const { actions } = renderInChat(<ToolPart invocation={asking()} />);
    await user.click(screen.getByTestId("form-cancel"));
    expect(actions.submitOutput).toHaveBeenCalledExactlyOnceWith("requestUserInput", "call-form", { submitted: false, canceled: true, values: {}, labels: {} });
  });

  it("says so when the answer could not be posted, in the spec's words in Chinese", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const user = userEvent.setup();
    const { actions } = renderInChat(<ToolPart invocation={asking()} />);
    actions.submitOutput.mockRejectedValue(new Error("offline"));
    await user.click(screen.getByTestId("form-cancel"));
    expect(await screen.findByTestId("form-failure")).toHaveTextContent("Something went wrong while canceling the input request.");

    await chooseLanguage("zh-CN");
    await user.click(within(screen.getByTestId("form-field-customerId")).getByRole("button", { name: "Harbor Goods" }));
    await user.click(screen.getByTestId("form-submit"));
    expect(await screen.findByText("处理用户输入时出错，请重试")).toBeInTheDocument();
    await user.click(screen.getByTestId("form-cancel"));
    expect(await screen.findByText("处理用户输入取消时出错")).toBeInTheDocument();
    expect(screen.getByTestId("form-submit")).toBeEnabled();
  });

  it("shows a submitted answer read-only", () => {
    renderInChat(<ToolPart invocation={toolCall("requestUserInput", "completed", { input: request, output: answer })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("New inbound receipt");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Submitted");
    expect(screen.getByTestId("summary-customerId")).toHaveTextContent("CustomerPacific Outdoor Supply");
    expect(screen.getByTestId("summary-expectedDate")).toHaveTextContent("2026-12-01");
    expect(screen.getByTestId("summary-notes")).toHaveTextContent("Seal 4471");
    expect(screen.queryByTestId("dynamic-form")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("shows a canceled request with its title", () => {
    renderInChat(<ToolPart invocation={toolCall("requestUserInput", "completed", { input: request, output: { submitted: false, canceled: true, values: {}, labels: {} } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("New inbound receipt");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Canceled");
    expect(screen.getByTestId("form-canceled")).toHaveTextContent("User canceled this input request");
    expect(screen.queryByTestId("form-summary")).toBeNull();
  });

  it("no longer asks once the conversation went on", () => {
    renderInChat(
      <ToolCallAnswerableContext value={false}>
        <ToolPart invocation={asking()} />
      </ToolCallAnswerableContext>,
    );
    expect(screen.queryByTestId("form-submit")).toBeNull();
    expect(screen.queryByTestId("form-cancel")).toBeNull();
  });

  it("reads a stored call whose form is malformed without failing", () => {
    renderInChat(<ToolPart invocation={toolCall("requestUserInput", "executing", { input: { title: 7, fields: [{ name: "x" }, { name: "ok", label: "OK field", type: "text" }] } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("User input");
    expect(screen.getByRole("textbox", { name: "OK field" })).toBeInTheDocument();
  });

  it("reads in German", async () => {
    await chooseLanguage("de");
    renderInChat(<ToolPart invocation={toolCall("requestUserInput", "completed", { input: request, output: { submitted: false, canceled: true, values: {}, labels: {} } })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Abgebrochen");
    expect(screen.getByTestId("form-canceled")).toHaveTextContent("Der Benutzer hat diese Eingabeanfrage abgebrochen");
  });

  it("keeps a half-filled form across a reload, per user, and forgets it once answered", async () => {
    useAuthStore.setState({ user: { email: "dave@demo.test", firstName: "Dave", userName: "dave" } });
    const user = userEvent.setup();
    const first = renderInChat(<ToolPart invocation={asking()} />);
    await user.click(within(screen.getByTestId("form-field-customerId")).getByRole("button", { name: "Harbor Goods" }));
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "Dock 4");
    first.unmount();

    const again = renderInChat(<ToolPart invocation={asking()} />);
    expect(screen.getByRole("textbox", { name: "Notes" })).toHaveValue("Dock 4");
    await user.click(screen.getByTestId("form-submit"));
    expect(again.actions.submitOutput).toHaveBeenCalledExactlyOnceWith("requestUserInput", "call-form", {
      submitted: true,
      values: { customerId: "CUS-0002", expectedDate: "2026-12-01", notes: "Dock 4", taskCmd: { customerId: "CUS-0002" } },
      labels: { customerId: { value: "CUS-0002", label: "Harbor Goods", data: { merchantNo: "M10002" } } },
    });
    again.unmount();

    renderInChat(<ToolPart invocation={asking()} />);
    expect(screen.getByRole("textbox", { name: "Notes" }), "answered: the draft is gone").toHaveValue("");
  });

  it("keeps no draft for someone else", async () => {
    useAuthStore.setState({ user: { email: "dave@demo.test", firstName: "Dave", userName: "dave" } });
    const user = userEvent.setup();
    const first = renderInChat(<ToolPart invocation={asking()} />);
    await user.type(screen.getByRole("textbox", { name: "Notes" }), "Dock 4");
    first.unmount();
    useAuthStore.setState({ user: { email: "erin@demo.test", firstName: "Erin", userName: "erin" } });
    renderInChat(<ToolPart invocation={asking()} />);
    expect(screen.getByRole("textbox", { name: "Notes" })).toHaveValue("");
  });
});
