import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { renderInChat } from "../../test/toolCallActions";
import { toolCall } from "../../test/toolCalls";
import { GenericToolCard } from "../generic/GenericToolCard";
import { ToolCallAnswerableContext } from "./toolCall";

// A state-changing call asks first (DESIGN §4, "Approval"): the shared shell shows what
// will run, Approve and Deny; then the decision, then the result.

const input = { dockNumber: 4, label: "Trailer 51 to dock 4", window: { from: "10:00", to: "11:00" } };
const asking = () => toolCall("moveTrailerTool", "approval", { input, toolCallId: "call-7" });

describe("a call waiting for approval", () => {
  it("shows what will run, laid out field by field, open even though the card starts collapsed", () => {
    renderInChat(<GenericToolCard invocation={asking()} />);
    const card = screen.getByTestId("tool-card");
    expect(card).toHaveAttribute("data-phase", "approval");
    expect(card).toHaveAttribute("data-approval", "requested");
    expect(within(card).getByTestId("tool-status")).toHaveTextContent("Waiting for your approval");
    const request = screen.getByRole("group", { name: "moveTrailerTool runs only if you approve it:" });
    const fields = within(request).getByTestId("call-input");
    expect(fields).toHaveTextContent("Dock number4");
    expect(fields).toHaveTextContent("LabelTrailer 51 to dock 4");
    expect(within(fields).getByText("Window").nextElementSibling).toHaveTextContent('"from": "10:00"');
    expect(screen.queryByRole("alert"), "waiting is not an error").toBeNull();
    expect(screen.queryByTestId("tool-skeleton")).toBeNull();
  });

  it("Approve answers the call's approval", async () => {
    const { actions } = renderInChat(<GenericToolCard invocation={asking()} />);
    await userEvent.click(screen.getByRole("button", { name: "Approve" }));
    expect(actions.respond).toHaveBeenCalledWith("call-7", { approved: true });
  });

  it("Deny is one press, as Approve is, and takes the reason typed beside it; Escape in the reason empties it", async () => {
    const user = userEvent.setup();
    const { actions } = renderInChat(<GenericToolCard invocation={asking()} />);
    await user.type(screen.getByRole("textbox", { name: "Reason (optional)" }), "Wrong{Escape}");
    expect(screen.getByRole("textbox", { name: "Reason (optional)" })).toHaveValue("");
    expect(actions.respond).not.toHaveBeenCalled();

    await user.type(screen.getByRole("textbox", { name: "Reason (optional)" }), "  Dock 4 is closed today  ");
    await user.click(screen.getByRole("button", { name: "Deny" }));
    expect(actions.respond).toHaveBeenCalledWith("call-7", { approved: false, reason: "Dock 4 is closed today" });
  });

  it("denies with no reason in one press, and Enter in the reason denies", async () => {
    const user = userEvent.setup();
    const { actions } = renderInChat(<GenericToolCard invocation={asking()} />);
    await user.click(screen.getByRole("button", { name: "Deny" }));
    expect(actions.respond).toHaveBeenCalledWith("call-7", { approved: false });
  });

  it("keeps the focus on the card after an answer, not on the page", async () => {
    const user = userEvent.setup();
    renderInChat(<GenericToolCard invocation={asking()} />);
    await user.click(screen.getByRole("button", { name: "Approve" }));
    expect(document.activeElement).not.toBe(document.body);
    expect(screen.getByTestId("tool-card")).toContainElement(document.activeElement as HTMLElement);
  });

  it("is answered from the keyboard alone", async () => {
    const user = userEvent.setup();
    const { actions } = renderInChat(<GenericToolCard invocation={asking()} />);
    await user.tab();
    await user.tab();
    expect(screen.getByRole("button", { name: "Approve" })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole("button", { name: "Deny" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(actions.respond).toHaveBeenCalledWith("call-7", { approved: false });
  });

  it("speaks the reader's language", async () => {
    await chooseLanguage("ja");
    renderInChat(<GenericToolCard invocation={asking()} />);
    expect(screen.getByRole("button", { name: "承認" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "拒否" })).toBeInTheDocument();
    expect(screen.getByTestId("tool-status")).toHaveTextContent("承認を待っています");
  });
});

describe("after the decision", () => {
  it("an approved call says so while it runs and after", () => {
    const running = toolCall("moveTrailerTool", "executing", { input, approval: { approved: true } });
    const { rerender } = renderInChat(<GenericToolCard invocation={running} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Approved — running…");
    expect(screen.getByTestId("tool-approved")).toHaveTextContent("Approved");
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-approval", "approved");

    rerender(<GenericToolCard invocation={toolCall("moveTrailerTool", "completed", { input, output: { moved: true }, approval: { approved: true } })} />);
    expect(screen.getByTestId("tool-card")).toHaveAttribute("data-phase", "completed");
    expect(screen.getByTestId("tool-approved")).toHaveTextContent("Approved");
  });

  it("a denied call reads 'Denied' with the reason — a decision, not an error", async () => {
    renderInChat(<GenericToolCard invocation={toolCall("moveTrailerTool", "denied", { input, approval: { reason: "Dock 4 is closed today" } })} />);
    const card = screen.getByTestId("tool-card");
    expect(card).toHaveAttribute("data-phase", "denied");
    expect(within(card).getByTestId("tool-status")).toHaveTextContent("Denied");
    expect(within(card).getByTestId("tool-title")).toHaveTextContent("moveTrailerTool");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByTestId("tool-approved")).toBeNull();
    await userEvent.click(screen.getByRole("button"));
    expect(screen.getByTestId("tool-denied")).toHaveTextContent("You denied this, so it did not run.");
    expect(screen.getByTestId("denial-reason")).toHaveTextContent("Reason: Dock 4 is closed today");
  });

  it("a denial answered but not yet sent (approval-responded) reads the same", () => {
    renderInChat(
      <GenericToolCard
        invocation={{ ...toolCall("moveTrailerTool", "executing", { input }), state: "approval-responded", phase: "denied", approval: { approved: false, reason: undefined } }}
      />,
    );
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Denied");
  });
});

describe("a call in an earlier message than the last", () => {
  const earlier = (ui: React.ReactNode) => renderInChat(<ToolCallAnswerableContext value={false}>{ui}</ToolCallAnswerableContext>);

  it("an approval the conversation went on without reads Not answered, and offers nothing to press", async () => {
    earlier(<GenericToolCard invocation={asking()} />);
    const card = screen.getByTestId("tool-card");
    expect(card).toHaveAttribute("data-approval", "superseded");
    expect(within(card).getByTestId("tool-status")).toHaveTextContent("Not answered");
    await userEvent.click(screen.getByRole("button"));
    expect(screen.getByTestId("approval-superseded")).toHaveTextContent("nothing was done");
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("a server call left unfinished reads Stopped, not running", () => {
    const stuck = { ...toolCall("moveTrailerTool", "executing", { input }), providerExecuted: true };
    earlier(<GenericToolCard invocation={stuck} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Stopped");
    expect(screen.queryByTestId("tool-skeleton")).toBeNull();
  });
});
