import type { AuthSettings } from "../../../generated/systems/AuthSettings";
import type { Kind } from "../../../generated/systems/Kind";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import type { SystemInput } from "../../../generated/systems/SystemInput";
import type { DocumentFile } from "./DocumentFileField";

export type AuthType = AuthSettings["type"];

/** Every sign-in, in the order they are offered. */
export const AUTH_TYPES: readonly AuthType[] = ["none", "bearer", "apiKey", "basic", "oauth2"];

/**
 * The add and edit form's fields. Every sign-in's settings are kept side by side, so
 * switching the type back and forth loses nothing typed.
 */
export type Draft = {
  name: string;
  kind: Kind;
  baseUrl: string;
  authType: AuthType;
  header: string;
  username: string;
  tokenUrl: string;
  clientId: string;
  /** Separated by spaces (or commas). */
  scopes: string;
  secret: string;
  source: "url" | "file";
  specUrl: string;
  file: DocumentFile | null;
};

/** The fields a draft can be refused for, in the order they are on the form. */
export const FIELDS = ["name", "baseUrl", "header", "username", "tokenUrl", "clientId", "secret", "specUrl", "file"] as const;
export type Field = (typeof FIELDS)[number];
export type Problem = "required" | "url";
export type Problems = Partial<Record<Field, Problem>>;

export function emptyDraft(): Draft {
  return { name: "", kind: "wms", baseUrl: "", authType: "none", header: "", username: "", tokenUrl: "", clientId: "", scopes: "", secret: "", source: "url", specUrl: "", file: null };
}

/** The form for changing `system`: its settings, no secret (the stored one is kept), its document by URL when it has one. */
export function draftOf(system: SystemInfo): Draft {
  const { auth } = system;
  return {
    ...emptyDraft(),
    name: system.name,
    kind: system.kind,
    baseUrl: system.baseUrl,
    authType: auth.type,
    header: auth.type === "apiKey" ? auth.header : "",
    username: auth.type === "basic" ? auth.username : "",
    tokenUrl: auth.type === "oauth2" ? auth.tokenUrl : "",
    clientId: auth.type === "oauth2" ? auth.clientId : "",
    scopes: auth.type === "oauth2" ? auth.scopes.join(" ") : "",
    source: system.specUrl ? "url" : "file",
    specUrl: system.specUrl ?? "",
  };
}

export function isWebAddress(text: string): boolean {
  try {
    const url = new URL(text.trim());
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/**
 * Whether the secret must be typed: always for a new system that signs in; when
 * changing one, only if none is stored or the sign-in changed type (the stored secret
 * was for another kind of sign-in).
 */
export function needsSecret(draft: Draft, system: SystemInfo | null): boolean {
  if (draft.authType === "none") return false;
  return system === null || !system.hasSecret || system.auth.type !== draft.authType;
}

/**
 * Whether the document must be given as a file: always when uploading for a new system;
 * when changing one that has a document URL, leaving it for an upload needs the file.
 * A system whose document was uploaded keeps it when no new file is chosen.
 */
function needsFile(draft: Draft, system: SystemInfo | null): boolean {
  return draft.source === "file" && (system === null || system.specUrl !== null);
}

/** What the form must fix before it is sent; the server checks the rest (private addresses, the document). */
export function problemsOf(draft: Draft, system: SystemInfo | null): Problems {
  const problems: Problems = {};
  const address = (field: Field, value: string) => {
    if (!value.trim()) problems[field] = "required";
    else if (!isWebAddress(value)) problems[field] = "url";
  };
  if (!draft.name.trim()) problems.name = "required";
  address("baseUrl", draft.baseUrl);
  if (draft.authType === "apiKey" && !draft.header.trim()) problems.header = "required";
  if (draft.authType === "basic" && !draft.username.trim()) problems.username = "required";
  if (draft.authType === "oauth2") {
    address("tokenUrl", draft.tokenUrl);
    if (!draft.clientId.trim()) problems.clientId = "required";
  }
  if (needsSecret(draft, system) && draft.secret === "") problems.secret = "required";
  if (draft.source === "url") address("specUrl", draft.specUrl);
  if (needsFile(draft, system) && !draft.file) problems.file = "required";
  return problems;
}

export function firstProblem(problems: Problems): Field | undefined {
  return FIELDS.find((field) => problems[field] !== undefined);
}

export function authOf(draft: Draft): AuthSettings {
  switch (draft.authType) {
    case "none":
      return { type: "none" };
    case "bearer":
      return { type: "bearer" };
    case "apiKey":
      return { type: "apiKey", header: draft.header.trim() };
    case "basic":
      return { type: "basic", username: draft.username.trim() };
    case "oauth2":
      return { type: "oauth2", tokenUrl: draft.tokenUrl.trim(), clientId: draft.clientId.trim(), scopes: draft.scopes.split(/[\s,]+/).filter(Boolean) };
  }
}

/**
 * The body to send: no secret when none was typed (the stored one is kept), the document
 * by URL or as the uploaded text. An unchanged URL and no file keep the imported document.
 */
export function inputOf(draft: Draft): SystemInput {
  return {
    name: draft.name.trim(),
    kind: draft.kind,
    baseUrl: draft.baseUrl.trim(),
    auth: authOf(draft),
    ...(draft.authType !== "none" && draft.secret !== "" ? { secret: draft.secret } : {}),
    ...(draft.source === "url" ? { specUrl: draft.specUrl.trim() } : {}),
    ...(draft.source === "file" && draft.file ? { document: draft.file.text } : {}),
  };
}
