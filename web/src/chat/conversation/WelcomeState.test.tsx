import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { chooseLanguage } from "../../i18n";
import { WelcomeState } from "./WelcomeState";

const examples = () => within(screen.getByTestId("welcome").querySelector("ul")!).getAllByRole("button").map((b) => b.textContent);

describe("the welcome examples", () => {
  it("asks the offline model only what it answers with a tool: time, weather, marking a task done", async () => {
    const onAsk = vi.fn();
    render(<WelcomeState model="waybill-offline" onAsk={onAsk} />);
    expect(screen.getByText(/No AI provider is set up yet/)).toBeVisible();
    expect(examples()).toEqual(["What time is it in Tokyo?", "What's the weather in Rotterdam?", "Mark the task completed: moved 12 pallets to door 4"]);
    await userEvent.click(screen.getByRole("button", { name: "More cases" }));
    expect(examples()).toHaveLength(6);
    expect(examples().slice(3)).toEqual(["What's the date in Sydney?", "What's the weather in Shanghai?", "What time is it in London?"]);
    await userEvent.click(screen.getByRole("button", { name: "What's the weather in Rotterdam?" }));
    expect(onAsk).toHaveBeenCalledWith("What's the weather in Rotterdam?");
  });

  it("keeps the logistics examples for a language model", () => {
    render(<WelcomeState model="claude-sonnet-4-5" onAsk={() => undefined} />);
    expect(screen.queryByText(/No AI provider/)).toBeNull();
    expect(examples()).toContain("Which inbound trailers have been waiting in the yard for more than two hours?");
  });

  it("asks in the reader's language, with the words the offline model knows", async () => {
    await chooseLanguage("zh-CN");
    render(<WelcomeState model="waybill-offline" onAsk={() => undefined} />);
    expect(examples()).toEqual(["东京现在几点？", "上海的天气怎么样？", "任务完成：已将 12 个托盘移到 4 号门"]);
  });
});
