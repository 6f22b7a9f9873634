import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Markdown } from "./Markdown";

const hostile = [
  "Hello <script>window.__pwned = 1</script>",
  '<img src="x" onerror="window.__pwned = 2">',
  "[click me](javascript:window.__pwned=3)",
  "![tracker](https://evil.example/pixel.png)",
  "[docs](https://waybill.example/docs)",
].join("\n\n");

describe("markdown from the model", () => {
  it("shows raw HTML as text and never creates script, img or event handlers", () => {
    const { container } = render(<Markdown text={hostile} />);
    expect(container.querySelector("script")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector("[onerror]")).toBeNull();
    expect(container.textContent).toContain("<script>window.__pwned = 1</script>");
    expect(container.textContent).toContain('<img src="x" onerror="window.__pwned = 2">');
  });

  it("keeps javascript: links inert and opens real links apart from the app", () => {
    const { container } = render(<Markdown text={hostile} />);
    expect(screen.getByText("click me").closest("a")).toBeNull();
    expect(container.innerHTML).not.toContain("javascript:");
    const docs = screen.getByRole("link", { name: "docs" });
    expect(docs).toHaveAttribute("href", "https://waybill.example/docs");
    expect(docs).toHaveAttribute("target", "_blank");
    expect(docs.getAttribute("rel")).toContain("noopener");
  });

  it("loads an external image only when the user asks", async () => {
    const { container } = render(<Markdown text="![tracker](https://evil.example/pixel.png)" />);
    expect(container.querySelector("img")).toBeNull();
    expect(screen.getByTestId("external-image")).toHaveTextContent("tracker");
    await userEvent.click(screen.getByRole("button", { name: "Load image" }));
    const img = container.querySelector("img");
    expect(img).toHaveAttribute("src", "https://evil.example/pixel.png");
    expect(img).toHaveAttribute("referrerpolicy", "no-referrer");
  });

  it("renders GitHub-flavoured markdown and code blocks with a copy button", () => {
    render(<Markdown text={"| Dock | Trailer |\n|---|---|\n| 4 | TR-42 |\n\n```ts\nconst x = 1;\n```"} />);
    expect(screen.getByRole("table")).toBeInTheDocument();
    expect(screen.getByTestId("code-block")).toHaveTextContent("const x = 1;");
    expect(screen.getByRole("button", { name: "Copy code" })).toBeInTheDocument();
  });

  it("closes unfinished syntax while the text streams", () => {
    const { container } = render(<Markdown text="Trailer **TR-4" streaming />);
    expect(container.querySelector("strong")).toHaveTextContent("TR-4");
  });
});
