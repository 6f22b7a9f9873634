import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArtifactsSide } from "./ArtifactsSide";
import { useArtifacts } from "./store";

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));
afterEach(() => vi.restoreAllMocks());

describe("the panel beside the chat", () => {
  it("appears when an artifact opens, and follows the chat shown", async () => {
    const { rerender } = render(<ArtifactsSide chatId="chat-1" overlay={false} />);
    expect(screen.queryByTestId("artifacts-panel")).toBeNull();
    act(() => useArtifacts.getState().openArtifact("m1", { id: "w", type: "workspace", title: "Workspace", props: { chatId: "chat-1" } }));
    expect(await screen.findByTestId("artifacts-panel")).toBeVisible();

    rerender(<ArtifactsSide chatId="chat-2" overlay={false} />);
    expect(screen.queryByTestId("artifacts-panel")).toBeNull();

    rerender(<ArtifactsSide chatId="chat-1" overlay={false} />);
    expect(await screen.findByRole("tab", { name: "Workspace" })).toHaveAttribute("aria-selected", "true");
  });

  it("puts the chat and the panel side by side, or the panel over the chat where the chat would get too narrow", async () => {
    const workspace = { id: "w", type: "workspace", title: "Workspace", props: { chatId: "chat-1" } };
    const { unmount } = render(
      <ArtifactsSide chatId="chat-1" overlay={false}>
        <main>chat</main>
      </ArtifactsSide>,
    );
    act(() => useArtifacts.getState().openArtifact("m1", workspace));
    expect(await screen.findByRole("separator")).toBeInTheDocument();
    expect(screen.getByTestId("chat-space")).toContainElement(screen.getByRole("main"));
    unmount();

    // 480 px beside the sidebar, less the chat's 360, leave less than the panel's narrowest.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(DOMRect.fromRect({ width: 480, height: 800 }));
    render(
      <ArtifactsSide chatId="chat-1" overlay={false}>
        <main>chat</main>
      </ArtifactsSide>,
    );
    expect(await screen.findByTestId("artifacts-panel")).toHaveClass("fixed");
    expect(screen.queryByRole("separator")).toBeNull();
    expect(screen.getByRole("button", { name: "Close the panel" })).toBeVisible();
  });
});
