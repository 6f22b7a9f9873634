import { act, render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { ArtifactsSide } from "./ArtifactsSide";
import { useArtifacts } from "./store";

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

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
});
