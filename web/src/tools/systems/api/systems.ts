import type { OperationList } from "../../../generated/OperationList";
import type { Reimport } from "../../../generated/Reimport";
import type { SafeOperations } from "../../../generated/SafeOperations";
import type { SystemList } from "../../../generated/SystemList";
import type { ConnectionTest } from "../../../generated/systems/ConnectionTest";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import type { SystemInput } from "../../../generated/systems/SystemInput";
import { api } from "../../../api/client";

/** The current tenant's business systems (admins only; others get 403). */
const system = (id: string) => `/api/admin/systems/${encodeURIComponent(id)}`;

export function listSystems(signal?: AbortSignal): Promise<SystemList> {
  return api.get<SystemList>("/api/admin/systems", { signal });
}

/** Registers a system from its OpenAPI document (by URL or as text). */
export function addSystem(body: SystemInput): Promise<SystemInfo> {
  return api.post<SystemInfo>("/api/admin/systems", body);
}

/** Changes a system: without a secret the stored one is kept; a new document URL or text re-imports it. */
export function updateSystem(id: string, body: SystemInput): Promise<SystemInfo> {
  return api.put<SystemInfo>(system(id), body);
}

export function removeSystem(id: string): Promise<void> {
  return api.delete<void>(system(id));
}

/** Signs in to the system and reads from it once. */
export function testSystem(id: string): Promise<ConnectionTest> {
  return api.post<ConnectionTest>(`${system(id)}/test`);
}

/** Imports the document again: from the system's URL, or the text given. */
export function reimportSystem(id: string, body: Reimport): Promise<SystemInfo> {
  return api.post<SystemInfo>(`${system(id)}/import`, body);
}

export function listOperations(id: string, signal?: AbortSignal): Promise<OperationList> {
  return api.get<OperationList>(`${system(id)}/operations`, { signal });
}

/** Marks exactly these operations safe: their calls run without asking the user. */
export function setSafeOperations(id: string, body: SafeOperations): Promise<SystemInfo> {
  return api.put<SystemInfo>(`${system(id)}/safe-operations`, body);
}
