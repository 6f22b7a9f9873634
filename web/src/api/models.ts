import type { ApiKeys } from "../generated/ApiKeys";
import type { ModelInfo } from "../generated/ModelInfo";
import { api } from "./client";

export const modelKeys = {
  models: ["models"] as const,
  apiKeys: ["check-api-keys"] as const,
};

export function fetchModels(signal?: AbortSignal): Promise<ModelInfo[]> {
  return api.get<ModelInfo[]>("/api/models", { signal });
}

export function fetchApiKeys(signal?: AbortSignal): Promise<ApiKeys> {
  return api.get<ApiKeys>("/api/check-api-keys", { signal });
}
