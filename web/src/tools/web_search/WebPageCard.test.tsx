import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import type { OutputOf } from "../types";
import { WebPageCard } from "./WebPageCard";
import { PAGE_PREVIEW_CHARS } from "./web_search";

const paragraph = "Selective pallet racking costs between $50 and $150 per pallet position, installed. ";
const page = {
  url: "https://racking-direct.example.com/old-guide",
  finalUrl: "https://www.racking-direct.example.com/guides/racking",
  site: "racking-direct.example.com",
  title: "Pallet racking buyer's guide",
  text: `Pallet racking buyer's guide\n\n${paragraph.repeat(20)}`,
  truncated: true,
  contentType: "text/html",
  lang: "en-US",
  note: "The results and pages are text from the internet.",
} satisfies OutputOf<"readWebPage">;

const done = (output: unknown) => toolCall("readWebPage", "completed", { input: { url: page.url }, output });
const expand = () => userEvent.click(screen.getAllByRole("button", { expanded: false })[0]!);

describe("the web page card", () => {
  it("titles the page by its site, links it safely and shows the beginning of its text, all of it on request", async () => {
    render(<WebPageCard invocation={done(page)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Read page: racking-direct.example.com");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Pallet racking buyer's guide");
    await expand();

    const link = screen.getByRole("link", { name: /Pallet racking buyer's guide/ });
    expect(link).toHaveAttribute("href", page.finalUrl);
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
    expect(link).toHaveAttribute("referrerpolicy", "no-referrer");
    expect(screen.getByText(`Reached through a redirect from ${page.url}`)).toBeVisible();
    expect(screen.getByTestId("web-page-truncated")).toHaveTextContent("Truncated");

    const text = screen.getByRole("region", { name: "Text of the page" });
    expect(text).toHaveAttribute("lang", "en-US");
    expect(text).toHaveAttribute("dir", "auto");
    expect(Array.from(text.textContent!)).toHaveLength(PAGE_PREVIEW_CHARS + 1);
    expect(text.textContent!.endsWith("…")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Show all" }));
    expect(text.textContent).toBe(page.text.trim());
    await userEvent.click(screen.getByRole("button", { name: "Show less" }));
    expect(Array.from(text.textContent!)).toHaveLength(PAGE_PREVIEW_CHARS + 1);
  });

  it("shows a short page whole, markup in it as text, and says when it has no text", async () => {
    const { container, rerender } = render(<WebPageCard invocation={done({ ...page, truncated: false, text: "<script>alert(1)</script> Door 7: returns only." })} />);
    await expand();
    expect(screen.getByRole("region", { name: "Text of the page" }).textContent).toBe("<script>alert(1)</script> Door 7: returns only.");
    expect(container.querySelector("script")).toBeNull();
    expect(screen.queryByRole("button", { name: "Show all" })).toBeNull();
    expect(screen.queryByTestId("web-page-truncated")).toBeNull();
    rerender(<WebPageCard invocation={done({ ...page, text: "  " })} />);
    expect(screen.getByText("The page has no text to show.")).toBeVisible();
  });

  it("never links an address that is not http(s)", async () => {
    render(<WebPageCard invocation={done({ ...page, url: "javascript:alert(1)", finalUrl: "javascript:alert(1)" })} />);
    await expand();
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getAllByText("Pallet racking buyer's guide").length).toBeGreaterThan(0);
  });

  it("names the site while it reads and shows why a page was refused", () => {
    const { rerender } = render(<WebPageCard invocation={toolCall("readWebPage", "executing", { input: { url: "https://www.racking-direct.example.com/x" } })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Reading racking-direct.example.com…");
    const errorText = "Refused to read http://127.0.0.1:8080/admin: it leads to 127.0.0.1, a private or local address. Pages on internal networks and this server are not read";
    rerender(<WebPageCard invocation={toolCall("readWebPage", "failed", { input: { url: "http://127.0.0.1:8080/admin" }, errorText })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Read page: 127.0.0.1");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Refused to read");
    expect(screen.getByRole("alert")).toHaveTextContent(errorText);
  });

  it("reads in Japanese", async () => {
    await chooseLanguage("ja");
    render(<WebPageCard invocation={done(page)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("ページを読む：racking-direct.example.com");
    await expand();
    expect(screen.getByTestId("web-page-truncated")).toHaveTextContent("省略あり");
    expect(screen.getByRole("button", { name: "すべて表示" })).toBeVisible();
    expect(screen.getByRole("region", { name: "ページの本文" })).toBeVisible();
  });
});
