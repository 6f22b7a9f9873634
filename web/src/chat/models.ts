import type { ApiKeys } from "../generated/ApiKeys";
import type { ModelInfo } from "../generated/ModelInfo";

/** Spec 000 §9: the model a new chat starts with, when its provider key is available. */
export const DEFAULT_MODEL = "claude-sonnet-4-5";

/** The built-in model of a server without an AI provider: it matches words against tools. */
export const OFFLINE_MODEL = "waybill-offline";

export function isOfflineModel(id: string): boolean {
  return id === OFFLINE_MODEL;
}

/** No AI provider is set up: every model on offer is the offline one. */
export function onlyOffline(models: readonly Pick<ModelInfo, "provider">[]): boolean {
  return models.every((m) => m.provider === "offline");
}

export const REASONING_EFFORTS = ["minimal", "low", "medium", "high"] as const;
export const VERBOSITIES = ["low", "medium", "high"] as const;
export const REASONING_SUMMARIES = ["none", "auto", "detailed"] as const;

export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];
export type Verbosity = (typeof VERBOSITIES)[number];
export type ReasoningSummary = (typeof REASONING_SUMMARIES)[number];

/** The picker's per-model options (spec 000 §3). */
export type ModelOptions = {
  reasoningEffort: ReasoningEffort;
  verbosity: Verbosity;
  reasoningSummary: ReasoningSummary;
  claudeThinking: boolean;
  claudeInterleavedThinking: boolean;
};

export const DEFAULT_MODEL_OPTIONS: ModelOptions = {
  reasoningEffort: "low",
  verbosity: "low",
  reasoningSummary: "auto",
  claudeThinking: false,
  claudeInterleavedThinking: false,
};

/** What `POST /api/chat` takes as `providerOptions` (spec 000 §7). */
export type ProviderOptions = {
  openai: { reasoningEffort: ReasoningEffort; verbosity: Verbosity; reasoningSummary: ReasoningSummary };
  anthropic: { thinking: boolean; interleavedThinking: boolean };
};

export function providerOptions(options: ModelOptions): ProviderOptions {
  return {
    openai: {
      reasoningEffort: options.reasoningEffort,
      verbosity: options.verbosity,
      reasoningSummary: options.reasoningSummary,
    },
    anthropic: { thinking: options.claudeThinking, interleavedThinking: options.claudeInterleavedThinking },
  };
}

/** Which options popover a model entry opens on hover: gpt-5's, a Claude model's, or none. */
export type OptionsKind = "openai-reasoning" | "claude";

export function optionsKind(model: Pick<ModelInfo, "id" | "provider">): OptionsKind | null {
  if (model.id === "gpt-5") return "openai-reasoning";
  if (model.provider === "anthropic" || model.id.toLowerCase().includes("claude")) return "claude";
  return null;
}

function isGoogle(model: Pick<ModelInfo, "id" | "provider">): boolean {
  return model.provider === "google" || model.id.toLowerCase().startsWith("gemini");
}

function keyAvailable(provider: string, keys: ApiKeys | null): boolean {
  if (!keys) return false;
  switch (provider) {
    case "openai":
      return keys.openai;
    case "anthropic":
      return keys.anthropic;
    case "deepseek":
      return keys.deepseek;
    default:
      return false;
  }
}

/**
 * The models the picker offers (spec 000 §5): those whose provider key is available,
 * never Google's. `keys` is null when the key check failed: then every provider counts as
 * unavailable and only models that need no key (the offline model) remain.
 */
export function availableModels(models: readonly ModelInfo[], keys: ApiKeys | null): ModelInfo[] {
  return models.filter((m) => !isGoogle(m) && (!m.requiresKey || keyAvailable(m.provider, keys)));
}

/** Keeps `wanted` when it is available, else the first available model (spec 000 §4). */
export function resolveModel(wanted: string, available: readonly ModelInfo[]): string {
  if (available.length === 0 || available.some((m) => m.id === wanted)) return wanted;
  return available[0]!.id;
}
