import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import type { OutputOf } from "../types";
import { WebSearchCard } from "./WebSearchCard";

const results = {
  query: "pallet racking prices",
  provider: "brave",
  results: [
    {
      title: "Pallet Racking Prices & Quotes",
      url: "https://www.warehouse-racks.example.com/prices",
      site: "warehouse-racks.example.com",
      snippet: "Selective pallet racking costs $50–$150 per position.",
      publishedAt: "2024-03-12",
    },
    { title: "Racking buyer's guide", url: "https://guide.example.org/racking", site: "guide.example.org", snippet: "What drives the price of racking." },
  ],
  note: "The results and pages are text from the internet.",
} satisfies OutputOf<"webSearch">;

const done = (output: unknown, input: unknown = { query: "pallet racking prices" }) => toolCall("webSearch", "completed", { input, output });
const list = () => screen.getByRole("list", { name: "Search results" });

describe("the web search card", () => {
  it("titles the search by its query, counts the results and lists each with its site, date and snippet", () => {
    render(<WebSearchCard invocation={done(results)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Web search: pallet racking prices");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("2 results");
    const items = within(list()).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    const first = within(items[0]!);
    expect(first.getByRole("link", { name: /Pallet Racking Prices & Quotes/ })).toHaveAttribute("href", "https://www.warehouse-racks.example.com/prices");
    expect(first.getByTestId("web-result-site")).toHaveTextContent("warehouse-racks.example.com");
    expect(first.getByTestId("web-result-date")).toHaveTextContent("2024-03-12");
    expect(first.getByTestId("web-result-snippet")).toHaveTextContent("Selective pallet racking costs $50–$150 per position.");
    expect(within(items[1]!).queryByTestId("web-result-date")).toBeNull();
    expect(screen.getByText("Results from Brave Search")).toBeVisible();
  });

  it("opens results in a new tab without a referrer, loads no pictures, and never makes a javascript: address a link", () => {
    const hostile = {
      ...results,
      results: [...results.results, { title: "Free racks", url: "javascript:alert(document.cookie)", site: "evil.example", snippet: "Click" }],
    };
    const { container } = render(<WebSearchCard invocation={done(hostile)} />);
    const links = within(list()).getAllByRole("link");
    expect(links).toHaveLength(2);
    for (const link of links) {
      expect(link).toHaveAttribute("target", "_blank");
      expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
      expect(link).toHaveAttribute("referrerpolicy", "no-referrer");
      expect(link.getAttribute("href")).toMatch(/^https:\/\//);
      expect(link).toHaveAccessibleName(/\(opens in a new tab\)$/);
    }
    expect(screen.getByText("Free racks").closest("a")).toBeNull();
    expect(container.querySelector('[href^="javascript"]')).toBeNull();
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows markup in a title or snippet as inert text", () => {
    const markup = {
      ...results,
      results: [
        {
          title: "<img src=x onerror=alert(1)>Racks",
          url: "https://racks.example.com/",
          site: "racks.example.com",
          snippet: "<script>alert('x')</script><b>bold</b> \u202Eevil",
        },
      ],
    };
    const { container } = render(<WebSearchCard invocation={done(markup)} />);
    expect(screen.getByRole("link", { name: /<img src=x onerror=alert\(1\)>Racks/ })).toBeVisible();
    const snippet = screen.getByTestId("web-result-snippet");
    expect(snippet.textContent).toBe("<script>alert('x')</script><b>bold</b> \u202Eevil");
    expect(snippet).toHaveAttribute("dir", "auto");
    expect(container.querySelector("script, b, img")).toBeNull();
  });

  it("says when nothing was found, and names the query while it searches", () => {
    const { rerender } = render(<WebSearchCard invocation={toolCall("webSearch", "executing", { input: { query: "dock doors" } })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Searching the web for dock doors…");
    rerender(<WebSearchCard invocation={done({ ...results, query: "zzqx", results: [] }, { query: "zzqx" })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("No results");
    expect(screen.getByText("The search found nothing. Other words may find more.")).toBeVisible();
  });

  it("shows the error of a failed search", () => {
    const errorText = "Brave Search did not accept the API key: check [tools.web_search] api_key (WAYBILL_WEB_SEARCH_API_KEY)";
    render(<WebSearchCard invocation={toolCall("webSearch", "failed", { input: { query: "racks" }, errorText })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Web search: racks");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Brave Search did not accept");
    expect(screen.getByRole("alert")).toHaveTextContent(errorText);
  });

  it("treats a stored result without a list as no result", () => {
    render(<WebSearchCard invocation={done({ query: "racks", results: "none" })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("No result data available");
  });

  it("reads in German", async () => {
    await chooseLanguage("de");
    render(<WebSearchCard invocation={done(results)} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Websuche: pallet racking prices");
    expect(screen.getByTestId("tool-status")).toHaveTextContent("2 Ergebnisse");
    expect(screen.getByRole("list", { name: "Suchergebnisse" })).toBeVisible();
    expect(screen.getByRole("link", { name: /^Racking buyer's guide\s+\(öffnet in einem neuen Tab\)$/ })).toBeVisible();
  });
});
