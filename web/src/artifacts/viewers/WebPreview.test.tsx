import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { IframeViewer } from "./IframeViewer";
import { FRAME_SANDBOX, WebPreview } from "./WebPreview";

const flush = () => act(async () => {});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("web preview", () => {
  it("prepares, loads the page in a sandboxed frame without same-origin, and shows the port", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("ok"));
    const src = `${window.location.origin}/preview/5173/app`;
    render(<WebPreview src={src} title="Dev server" />);
    expect(screen.getByRole("status")).toHaveTextContent("Preparing preview...");
    await flush();
    expect(fetch).toHaveBeenCalledWith(src, expect.objectContaining({ cache: "no-store" }));
    expect(screen.getByRole("status")).toHaveTextContent("Loading...");
    const frame = screen.getByTitle("Dev server");
    expect(frame).toHaveAttribute("sandbox", FRAME_SANDBOX);
    expect(FRAME_SANDBOX.split(" ")).toContain("allow-scripts");
    expect(FRAME_SANDBOX.split(" ")).not.toContain("allow-same-origin");
    expect(screen.getByTestId("preview-port")).toHaveTextContent(`Port ${window.location.port}`);
    expect(screen.getByRole("link", { name: "Open in New Tab" })).toHaveAttribute("href", src);
    fireEvent.load(frame);
    expect(screen.getByTestId("web-preview")).toHaveAttribute("data-state", "loaded");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("retries 3 times 3 s apart, then says the service is not ready; Retry starts over", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockRejectedValue(new TypeError("Failed to fetch"));
    render(<WebPreview src="/preview/5999/" title="Dev server" />);
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    for (const n of [1, 2, 3]) {
      expect(screen.getByTestId("preview-retrying")).toHaveTextContent(`Loading failed, retrying... (${n}/3)`);
      await act(() => vi.advanceTimersByTimeAsync(2_999));
      expect(fetch).toHaveBeenCalledTimes(n);
      await act(() => vi.advanceTimersByTimeAsync(1));
      await flush();
      expect(fetch).toHaveBeenCalledTimes(n + 1);
    }
    expect(screen.getByRole("alert")).toHaveTextContent("Service not ready after multiple attempts");
    expect(screen.queryByTitle("Dev server")).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(fetch).toHaveBeenCalledTimes(4);

    fetch.mockResolvedValue(new Response("ok"));
    fireEvent.click(screen.getByRole("button", { name: "Retry" }));
    await flush();
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(screen.getByTitle("Dev server")).toBeInTheDocument();
  });

  it("counts a same-origin error answer as not ready", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("Bad gateway", { status: 502 }));
    render(<WebPreview src="/preview/3000/" title="Dev server" />);
    await flush();
    expect(screen.getByTestId("preview-retrying")).toHaveTextContent("(1/3)");
  });

  it("refreshes on demand", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("ok"));
    render(<WebPreview src="/preview/3000/" title="Yard" />);
    await flush();
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(screen.getByRole("status")).toHaveTextContent("Preparing preview...");
    await flush();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("loads another site's page directly, without probing it", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<WebPreview src="https://dashboards.example.com:8443/yard" title="Yard" />);
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.getByTitle("Yard")).toHaveAttribute("src", "https://dashboards.example.com:8443/yard");
    expect(screen.getByTestId("preview-port")).toHaveTextContent("Port 8443");
  });

  it("does not preview addresses that are not web pages", () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    render(<WebPreview src="javascript:alert(1)" title="Bad" />);
    expect(screen.getByText("Preview not available")).toBeVisible();
    expect(fetch).not.toHaveBeenCalled();
    expect(screen.queryByTitle("Bad")).toBeNull();
  });
});

describe("a dashboard in the side panel", () => {
  it("shows the page without the web preview's port and address; a real preview keeps them", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("ok"));
    const src = `${window.location.origin.replace(/:\d+$/, "")}:3900/d/dt0k3n?lang=en`;
    const { unmount } = render(<IframeViewer artifact={{ id: "dashboard-1", type: "iframe", title: "Yard dwell time", props: { src, page: "dashboard" } }} />);
    await flush();
    expect(screen.getByTitle("Yard dwell time")).toHaveAttribute("src", src);
    expect(screen.queryByTestId("preview-port")).toBeNull();
    expect(screen.queryByTestId("preview-address")).toBeNull();
    expect(screen.getByRole("link", { name: "Open in New Tab" })).toHaveAttribute("href", src);
    unmount();

    // A chat stored before the artifact said it is a dashboard: its own path says so.
    const { unmount: gone } = render(<IframeViewer artifact={{ id: "dashboard-2", type: "iframe", title: "Old", props: { src: "/d/dt0k3n" } }} />);
    await flush();
    expect(screen.queryByTestId("preview-port")).toBeNull();
    gone();

    render(<IframeViewer artifact={{ id: "p", type: "iframe", title: "Dev server", props: { src: "https://dev.example.com:5173/app" } }} />);
    await flush();
    expect(screen.getByTestId("preview-port")).toHaveTextContent("Port 5173");
    expect(screen.getByTestId("preview-address")).toHaveTextContent("https://dev.example.com:5173/app");
  });
});
