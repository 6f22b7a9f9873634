import { renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChatMessage, ChatStatus } from "../types";
import { AUTOSAVE_DELAY_MS, useAutosave } from "./useAutosave";

const question: ChatMessage = { id: "u1", role: "user", parts: [{ type: "text", text: "Where is truck 42?" }] };
const answer = (text: string): ChatMessage => ({ id: "a1", role: "assistant", parts: [{ type: "text", text }] });

type Props = { status: ChatStatus; messages: ChatMessage[] };

function setup(initial: ChatMessage[], first: Props) {
  const save = vi.fn(async (_: ChatMessage[]) => undefined);
  const hook = renderHook((props: Props) => useAutosave({ ...props, initialMessages: initial, save }), { initialProps: first });
  return { save, ...hook };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("autosave", () => {
  it("saves 300 ms after the chat becomes ready with new messages", () => {
    const { save, rerender } = setup([], { status: "ready", messages: [] });
    rerender({ status: "submitted", messages: [question] });
    rerender({ status: "streaming", messages: [question, answer("It is")] });
    vi.advanceTimersByTime(1000);
    expect(save).not.toHaveBeenCalled();

    rerender({ status: "ready", messages: [question, answer("It is at dock 4.")] });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS - 1);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toEqual([question, answer("It is at dock 4.")]);
  });

  it("does not save a chat that was just opened, nor again when nothing changed", async () => {
    const stored = [question, answer("At dock 4.")];
    const { save, rerender } = setup(stored, { status: "ready", messages: stored });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 3);
    expect(save).not.toHaveBeenCalled();

    rerender({ status: "ready", messages: [...stored] });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(save).not.toHaveBeenCalled();
  });

  it("saves when the content changed though the count did not", async () => {
    const { save, rerender } = setup([question, answer("v1")], { status: "ready", messages: [question, answer("v1")] });
    rerender({ status: "ready", messages: [question, answer("v2")] });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("restarts the delay when the chat changes again within it", () => {
    const { save, rerender } = setup([], { status: "ready", messages: [question] });
    vi.advanceTimersByTime(200);
    rerender({ status: "ready", messages: [question, answer("x")] });
    vi.advanceTimersByTime(200);
    expect(save).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(save).toHaveBeenCalledTimes(1);
  });

  it("saves a pending change at once when the chat closes", () => {
    const { save, rerender, unmount } = setup([], { status: "ready", messages: [] });
    rerender({ status: "ready", messages: [question] });
    unmount();
    expect(save).toHaveBeenCalledWith([question]);
  });

  it("does not save older messages loaded from the server, but saves a change made with them", () => {
    const older: ChatMessage[] = [{ id: "u0", role: "user", parts: [{ type: "text", text: "Earlier question" }] }];
    const stored = [question, answer("At dock 4.")];
    const save = vi.fn(async (_: ChatMessage[]) => undefined);
    const { result, rerender } = renderHook((props: Props) => useAutosave({ ...props, initialMessages: stored, save }), {
      initialProps: { status: "ready", messages: stored },
    });
    result.current.rememberOlder(older);
    rerender({ status: "ready", messages: [...older, ...stored] });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS * 2);
    expect(save).not.toHaveBeenCalled();

    rerender({ status: "ready", messages: [...older, question] });
    vi.advanceTimersByTime(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledWith([...older, question]);
  });

  it("tries again at the next chance after a failed save", async () => {
    const save = vi.fn<(m: ChatMessage[]) => Promise<void>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValue(undefined);
    const onError = vi.fn();
    const { rerender } = renderHook((props: Props) => useAutosave({ ...props, initialMessages: [], save, onError }), {
      initialProps: { status: "ready", messages: [question] },
    });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(onError).toHaveBeenCalledTimes(1);
    rerender({ status: "ready", messages: [question] });
    await vi.advanceTimersByTimeAsync(AUTOSAVE_DELAY_MS);
    expect(save).toHaveBeenCalledTimes(2);
  });
});
