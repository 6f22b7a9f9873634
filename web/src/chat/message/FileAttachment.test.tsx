import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { ArtifactsSide } from "../../artifacts/ArtifactsSide";
import { useArtifacts } from "../../artifacts/store";
import { chooseLanguage } from "../../i18n";
import { mockFetch } from "../../test/fetchMock";
import type { ChatMessage } from "../types";
import { attachmentArtifact, dataUrlSize, viewTokenOf } from "./attachmentArtifact";
import { MessageBubble } from "./MessageBubble";

const TOKEN = "Ab3_-cD4eF5gH6iJ7kL8mN9oP0qR1sT2uV3wX4yZ5a6";
const VIEW = `/api/file-app/v1/file/view/${TOKEN}`;
const ORIGIN = window.location.origin;

/** A file part as the composer sends it for an upload that worked. */
const uploaded = (name: string, mediaType: string, size: number) => ({
  type: "file" as const,
  url: `${VIEW}/${name}`,
  mediaType,
  filename: name,
  providerMetadata: { waybill: { fileId: `f-${name}`, size } },
});

function message(role: ChatMessage["role"], parts: ChatMessage["parts"]): ChatMessage {
  return { id: `m-${role}`, role, parts };
}

const inChat = (msg: ChatMessage) =>
  render(
    <>
      <MessageBubble message={msg} chatModel="waybill-offline" user={null} />
      <ArtifactsSide chatId="c1" overlay={false} />
    </>,
  );

beforeEach(() => useArtifacts.setState(useArtifacts.getInitialState(), true));

describe("an attachment in a message", () => {
  it("opens a CSV from the user's message in the side panel's table, not in a tab", async () => {
    const calls = mockFetch(() => new Response("trailer,door\nTR-1,4\nTR-2,7\n"));
    inChat(message("user", [uploaded("manifest.csv", "text/csv", 50_504), { type: "text", text: "Read this" }]));

    const chip = screen.getByRole("button", { name: "Open manifest.csv" });
    expect(chip.tagName).toBe("BUTTON");
    expect(chip).not.toHaveAttribute("href");
    expect(chip).toHaveTextContent("CSV · 49.32 KB");
    expect(chip).toHaveAttribute("title", "manifest.csv (text/csv)");
    expect(chip).toHaveAttribute("data-file-class", "excel");
    await userEvent.click(chip);

    const { open, activeId, registered } = useArtifacts.getState();
    expect(activeId).toBe("attachment-f-manifest.csv");
    expect(open[0]).toMatchObject({
      type: "file-display",
      title: "manifest.csv",
      props: { fileId: "f-manifest.csv", fileName: "manifest.csv", mimeType: "text/csv", size: 50_504, previewUrl: `${VIEW}/manifest.csv`, downloadUrl: `${VIEW}/manifest.csv?download=1` },
    });
    expect(registered["m-user"]?.map((a) => a.id)).toEqual(["attachment-f-manifest.csv"]);
    const viewer = await screen.findByTestId("file-viewer", {}, { timeout: 5000 });
    expect(viewer).toHaveAttribute("data-kind", "csv");
    expect(await within(viewer).findByRole("table")).toHaveTextContent("TR-2");
    expect(calls.map((c) => c.path)).toEqual([`${VIEW}/manifest.csv`]);
  });

  it("opens an image thumbnail of an assistant's message in the image viewer, from the keyboard too", async () => {
    inChat(message("assistant", [uploaded("dock.png", "image/png", 313)]));
    const thumbnail = screen.getByRole("button", { name: "Open dock.png" });
    expect(within(thumbnail).getByTestId("attachment-image")).toHaveAttribute("src", `${VIEW}/dock.png`);
    thumbnail.focus();
    await userEvent.keyboard("{Enter}");
    const viewer = await screen.findByTestId("file-viewer", {}, { timeout: 5000 });
    expect(viewer).toHaveAttribute("data-kind", "image");
    expect(within(viewer).getByRole("img", { name: "dock.png" })).toHaveAttribute("src", `${VIEW}/dock.png`);
  });

  it("opens a markdown file as rendered markdown, and an unpreviewable file as the download card", async () => {
    mockFetch(() => new Response("# Dock plan\n\n**Door 4** opens at six."));
    inChat(message("user", [uploaded("dock-plan.md", "text/markdown", 48), uploaded("photos.zip", "application/zip", 3 * 1024 * 1024)]));
    expect(screen.getByRole("button", { name: "Open photos.zip" })).toHaveAttribute("data-file-class", "archive");

    await userEvent.click(screen.getByRole("button", { name: "Open dock-plan.md" }));
    const viewer = await screen.findByTestId("file-viewer", {}, { timeout: 5000 });
    expect(viewer).toHaveAttribute("data-kind", "markdown");
    expect(await within(viewer).findByRole("heading", { name: "Dock plan" })).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Open photos.zip" }));
    const card = await screen.findByTestId("download-card");
    expect(card).toHaveTextContent("3.00 MB");
    expect(within(card).getByRole("link", { name: /photos\.zip/ })).toHaveAttribute("href", `${VIEW}/photos.zip?download=1`);
  });

  it("opens an image that went inline (a failed upload) from its data", async () => {
    const png = "data:image/png;base64,iVBORw0KGgo=";
    inChat(message("user", [{ type: "file", url: png, mediaType: "image/png", filename: "yard.png" }]));
    await userEvent.click(screen.getByRole("button", { name: "Open yard.png" }));
    const { open } = useArtifacts.getState();
    expect(open[0]?.props).toMatchObject({ fileName: "yard.png", base64Content: "iVBORw0KGgo=", size: 8 });
    expect(await screen.findByTestId("file-viewer", {}, { timeout: 5000 })).toHaveAttribute("data-kind", "image");
  });

  it("does not fetch an image from another site until it is opened, then shows it in the viewer", async () => {
    inChat(message("assistant", [{ type: "file", url: "https://elsewhere.example/gate.jpg", mediaType: "image/jpeg" }]));
    expect(document.querySelector("img")).toBeNull();
    const chip = screen.getByRole("button", { name: "Open gate.jpg" });
    expect(chip).toHaveTextContent("elsewhere.example");
    await userEvent.click(chip);
    const viewer = await screen.findByTestId("file-viewer", {}, { timeout: 5000 });
    expect(within(viewer).getByRole("img", { name: "gate.jpg" })).toHaveAttribute("src", "https://elsewhere.example/gate.jpg");
  });

  it("leaves out the size when the part does not say it", () => {
    inChat(message("user", [{ type: "file", url: `${VIEW}/bol.pdf`, mediaType: "application/pdf", filename: "bol.pdf" }]));
    expect(screen.getByRole("button", { name: "Open bol.pdf" })).toHaveTextContent(/^bol\.pdfPDF$/);
  });

  it("says the size in the reader's units", async () => {
    await chooseLanguage("fr");
    inChat(message("user", [uploaded("manifest.csv", "text/csv", 50_504)]));
    expect(screen.getByRole("button", { name: "Ouvrir manifest.csv" })).toHaveTextContent("CSV · 49,32 Ko");
  });
});

describe("reading an attachment's link", () => {
  it("knows our view links, relative or on this origin, and nothing else", () => {
    expect(viewTokenOf(`${VIEW}/a.csv`, ORIGIN)).toBe(TOKEN);
    expect(viewTokenOf(`${ORIGIN}${VIEW}/a%20b.pdf`, ORIGIN)).toBe(TOKEN);
    expect(viewTokenOf(`https://elsewhere.example${VIEW}/a.csv`, ORIGIN)).toBeNull();
    expect(viewTokenOf("/api/file-app/v1/file/view//a.csv", ORIGIN)).toBeNull();
    expect(viewTokenOf("data:text/plain,hi", ORIGIN)).toBeNull();
  });

  it("uses the token as the file's id when the part names none, and keeps a query when adding download=1", () => {
    const artifact = attachmentArtifact({ url: `${VIEW}/a.csv?v=2`, name: "a.csv", mediaType: "text/csv" }, ORIGIN);
    expect(artifact).toMatchObject({ id: `attachment-${TOKEN}`, props: { fileId: TOKEN, downloadUrl: `${VIEW}/a.csv?v=2&download=1` } });
    expect(artifact.props).not.toHaveProperty("size");
  });

  it("hands a text data URL's words to the viewer, and measures data URLs without decoding them", () => {
    const artifact = attachmentArtifact({ url: "data:text/plain,Door%204", name: "note.txt", mediaType: "text/plain" }, ORIGIN);
    expect(artifact.props).toMatchObject({ content: "Door 4" });
    expect(artifact.props).not.toHaveProperty("previewUrl");
    expect(dataUrlSize("data:text/plain,Door%204")).toBe(6);
    expect(dataUrlSize("data:application/pdf;base64,JVBERi0xLjQ=")).toBe(8);
    expect(dataUrlSize("data:application/pdf;base64,JVBERi0xLg==")).toBe(7);
  });

  it("gives a link it cannot load no link at all: the viewer shows the download card without one", () => {
    const artifact = attachmentArtifact({ url: "javascript:alert(1)", name: "x.txt", mediaType: "text/plain" }, ORIGIN);
    expect(artifact.props).not.toHaveProperty("previewUrl");
    expect(artifact.props).not.toHaveProperty("downloadUrl");
  });
});
