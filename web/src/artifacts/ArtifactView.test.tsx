import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ArtifactView } from "./ArtifactView";
import { ARTIFACT_TYPES, type Artifact } from "./store";
import { imageStyle } from "./viewers/ImageViewer";
import { VIEWERS } from "./viewers";
import { addArtifactViewers } from "./viewers/families";

vi.mock("../files/FileViewer", () => ({
  default: (props: { fileName: string; size?: number }) => <p data-testid="file-viewer">{`${props.fileName} ${props.size}`}</p>,
}));

const view = (type: string, props: Record<string, unknown>, title = "Artifact") => render(<ArtifactView artifact={{ id: "a1", type, title, props } satisfies Artifact} />);

/** Props that satisfy each type, and what its viewer then shows. */
const COMPLETE: Record<(typeof ARTIFACT_TYPES)[number], { props: Record<string, unknown>; shows: () => HTMLElement }> = {
  iframe: { props: { src: "https://dashboards.example.com/yard" }, shows: () => screen.getByTestId("web-preview") },
  sandbox: { props: { initialUrl: "http://127.0.0.1:3000", sessionId: "sb-1" }, shows: () => screen.getByText("Sandbox functionality is coming soon.") },
  "browser-automation": {
    props: { sessionId: "s-9", streamUrl: "ws://127.0.0.1:9222/stream", task: "Book the 14:00 dock slot" },
    shows: () => screen.getByText("Book the 14:00 dock slot"),
  },
  workspace: { props: { chatId: "chat-42" }, shows: () => screen.getByText("chat-42") },
  "file-display": { props: { fileId: "f1", fileName: "manifest.csv", size: 2048 }, shows: () => screen.getByTestId("file-viewer") },
  image: { props: { src: "/api/file-app/v1/file/view/t/a.png", alt: "Dock door" }, shows: () => screen.getByRole("img", { name: "Dock door" }) },
  "camera-streams": {
    props: { streams: [{ cameraName: "Gate 1", online: true, streamUrl: "wss://cams.example/1" }, { cameraName: "Gate 2", status: "offline" }] },
    shows: () => screen.getByText("Gate 1"),
  },
  "camera-search": {
    props: { cameras: [{ name: "Dock A", status: 0 }, { name: "Dock B", status: 1 }], total: 5, onlineCount: 1, searchTerm: "dock" },
    shows: () => screen.getByText("Dock B"),
  },
};

describe("artifact views", () => {
  it.each(ARTIFACT_TYPES)("shows a %s artifact with its viewer", async (type) => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("ok"));
    view(type, COMPLETE[type].props);
    expect(await vi.waitFor(() => COMPLETE[type].shows())).toBeInTheDocument();
  });

  it.each(ARTIFACT_TYPES)("shows the %s message when a required property is missing", (type) => {
    view(type, {});
    expect(screen.getByRole("alert")).toHaveTextContent(/\S/);
    expect(screen.getByTestId("missing-props")).toHaveTextContent(`Missing: ${VIEWERS[type].requires.map((r) => r.join(" / ")).join(", ")}`);
  });

  it("gives each type its own missing-property message", () => {
    const messages = ARTIFACT_TYPES.map((type) => {
      const { unmount } = view(type, {});
      const text = screen.getByRole("alert").querySelector("p")!.textContent;
      unmount();
      return text;
    });
    expect(new Set(messages).size).toBe(ARTIFACT_TYPES.length);
  });

  it("needs only one of camera-streams' data or streams, and all of browser-automation's three", () => {
    view("camera-streams", { data: { list: [{ name: "Yard east", online: true }] } });
    expect(screen.getByText("Yard east")).toBeVisible();
    view("browser-automation", { sessionId: "s", task: "t" });
    expect(screen.getByTestId("missing-props")).toHaveTextContent("Missing: streamUrl");
  });

  it("says 'Unknown Artifact Type' for any other type", () => {
    view("hologram", { src: "x" });
    expect(screen.getByRole("alert")).toHaveTextContent("Unknown Artifact Type");
    expect(screen.getByRole("alert")).toHaveTextContent("hologram");
  });

  it("lists cameras online first with counts, offline ones dimmed", () => {
    view("camera-search", COMPLETE["camera-search"].props);
    expect(screen.getByText("1/5 Online")).toBeVisible();
    expect(screen.getByText("2 / 5")).toBeVisible();
    expect(screen.getAllByTestId("camera").map((c) => [c.textContent?.slice(0, 6), c.dataset.online])).toEqual([
      ["Dock B", "true"],
      ["Dock A", "false"],
    ]);
  });

  it("keeps only harmless style on an image", () => {
    expect(imageStyle({ objectFit: "cover", maxWidth: 320, background: "url(https://x)", backgroundColor: "url(https://x)", width: "50%" })).toEqual({
      objectFit: "cover",
      maxWidth: 320,
      width: "50%",
    });
    expect(imageStyle("color: red")).toEqual({});
  });

  it("shows an artifact type a tool family brings with the family's viewer, and the family's sentence when a prop is missing", () => {
    addArtifactViewers([
      ["yard-map", { requires: [["yard"]], missing: () => "This yard map names no yard.", View: ({ artifact }) => <p data-testid="yard-map">{String(artifact.props.yard)}</p> }],
    ]);
    const { unmount } = view("yard-map", { yard: "North yard" });
    expect(screen.getByTestId("yard-map")).toHaveTextContent("North yard");
    unmount();
    view("yard-map", {});
    expect(screen.getByRole("alert")).toHaveTextContent("This yard map names no yard.");
    expect(screen.getByTestId("missing-props")).toHaveTextContent("Missing: yard");
  });
});
