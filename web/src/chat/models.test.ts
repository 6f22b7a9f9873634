import { describe, expect, it } from "vitest";
import type { ModelInfo } from "../generated/ModelInfo";
import { DEFAULT_MODEL, DEFAULT_MODEL_OPTIONS, availableModels, optionsKind, providerOptions, resolveModel } from "./models";

const model = (id: string, provider: string, requiresKey = true): ModelInfo => ({ id, name: id, provider, requiresKey });
const catalogue = [
  model("gpt-4.1", "openai"),
  model("claude-sonnet-4-5", "anthropic"),
  model("gpt-5", "openai"),
  model("gemini-2.5-flash-preview-05-20", "google"),
  model("deepseek-chat", "deepseek"),
  model("waybill-offline", "offline", false),
];
const ids = (list: ModelInfo[]) => list.map((m) => m.id);

describe("which models the picker offers", () => {
  it("keeps models whose provider key is available, never Google's", () => {
    const keys = { openai: true, anthropic: false, google: true, deepseek: true };
    expect(ids(availableModels(catalogue, keys))).toEqual(["gpt-4.1", "gpt-5", "deepseek-chat", "waybill-offline"]);
  });

  it("treats every provider as unavailable when the key check failed", () => {
    expect(ids(availableModels(catalogue, null))).toEqual(["waybill-offline"]);
  });
});

describe("model fallbacks", () => {
  it("starts new chats on claude-sonnet-4-5 when it is available", () => {
    expect(DEFAULT_MODEL).toBe("claude-sonnet-4-5");
    const all = availableModels(catalogue, { openai: true, anthropic: true, google: false, deepseek: true });
    expect(resolveModel(DEFAULT_MODEL, all)).toBe("claude-sonnet-4-5");
  });

  it("switches to the first available model when the current one's key is missing", () => {
    const openaiOnly = availableModels(catalogue, { openai: true, anthropic: false, google: false, deepseek: false });
    expect(resolveModel("claude-sonnet-4-5", openaiOnly)).toBe("gpt-4.1");
    expect(resolveModel("deepseek-chat", availableModels(catalogue, null))).toBe("waybill-offline");
  });

  it("keeps the model while nothing is known yet", () => {
    expect(resolveModel("gpt-5", [])).toBe("gpt-5");
  });
});

describe("model options", () => {
  it("opens gpt-5's popover for gpt-5 and the thinking popover for Claude models", () => {
    expect(optionsKind(model("gpt-5", "openai"))).toBe("openai-reasoning");
    expect(optionsKind(model("gpt-4.1", "openai"))).toBeNull();
    expect(optionsKind(model("claude-sonnet-4-5", "anthropic"))).toBe("claude");
    expect(optionsKind(model("waybill-offline", "offline"))).toBeNull();
  });

  it("defaults reasoning effort and verbosity to low, and sends both providers' options", () => {
    expect(providerOptions(DEFAULT_MODEL_OPTIONS)).toEqual({
      openai: { reasoningEffort: "low", verbosity: "low", reasoningSummary: "auto" },
      anthropic: { thinking: false, interleavedThinking: false },
    });
  });
});
