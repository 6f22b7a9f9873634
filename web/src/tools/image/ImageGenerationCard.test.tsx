import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { useArtifacts } from "../../artifacts/store";
import { toolCall } from "../../test/toolCalls";
import { ImageGenerationCard } from "./ImageGenerationCard";
import { isOwnImage } from "../../lib/images";

const prompt = "An isometric drawing of a cross-dock warehouse with twelve doors";

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("image generation card", () => {
  it("is titled by the prompt cut at 40 characters and shows the images", () => {
    const output = { success: true, prompt, count: 2, images: [{ url: "/api/file-app/v1/file/view/a/1.png", index: 0 }, { url: "/api/file-app/v1/file/view/b/2.png", index: 1 }] };
    render(<ImageGenerationCard invocation={toolCall("imageGenerationTool", "completed", { input: { prompt }, output })} />);
    expect(screen.getByTestId("tool-title").textContent).toBe(`${prompt.slice(0, 40).trimEnd()}…`);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("2 image(s)");
    expect(screen.getByRole("img", { name: "Generated image 1" })).toHaveAttribute("src", "/api/file-app/v1/file/view/a/1.png");
    expect(screen.getByRole("img", { name: "Generated image 2" })).toBeVisible();
  });

  it("opens an image in the side panel when clicked", async () => {
    const output = { success: true, prompt, count: 1, imageUrl: "/api/file-app/v1/file/view/a/1.png" };
    render(<ImageGenerationCard invocation={toolCall("imageGenerationTool", "completed", { input: { prompt }, output, messageId: "m7" })} />);
    await userEvent.click(screen.getByRole("button", { name: "Open image 1 in the side panel" }));
    const { open, activeId, registered } = useArtifacts.getState();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ type: "image", props: { src: "/api/file-app/v1/file/view/a/1.png", alt: prompt } });
    expect(activeId).toBe(open[0]!.id);
    expect(registered.m7).toEqual(open);
  });

  it("does not load an image from elsewhere until asked", () => {
    const output = { success: true, prompt, count: 1, imageUrl: "https://images.example.net/x.png" };
    render(<ImageGenerationCard invocation={toolCall("imageGenerationTool", "completed", { input: { prompt }, output })} />);
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.getByTestId("external-image")).toBeVisible();
  });

  it("shows the error a result reports, or 'Unknown error'", () => {
    const { unmount } = render(
      <ImageGenerationCard invocation={toolCall("imageGenerationTool", "completed", { input: { prompt }, output: { success: false, error: "Your prompt was refused" } })} />,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Your prompt was refused");
    unmount();
    render(<ImageGenerationCard invocation={toolCall("imageGenerationTool", "completed", { input: { prompt }, output: { success: false } })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Unknown error");
  });

  it("says 'Unknown error' for a failed call without error text", () => {
    render(<ImageGenerationCard invocation={toolCall("imageGenerationTool", "failed", { input: { prompt } })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("Unknown error");
  });

  it("loads without asking only images of this site or inline data", () => {
    expect(isOwnImage("/api/x.png", "https://waybill.test")).toBe(true);
    expect(isOwnImage("https://waybill.test/api/x.png", "https://waybill.test")).toBe(true);
    expect(isOwnImage("data:image/png;base64,AAAA", "https://waybill.test")).toBe(true);
    expect(isOwnImage("https://elsewhere.test/x.png", "https://waybill.test")).toBe(false);
    expect(isOwnImage("//elsewhere.test/x.png", "https://waybill.test")).toBe(false);
  });
});
