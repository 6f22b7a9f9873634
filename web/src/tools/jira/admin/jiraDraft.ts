import type { AuthKind } from "../../../generated/tracker/AuthKind";
import type { ConnectionInfo } from "../../../generated/tracker/ConnectionInfo";
import type { ConnectionInput } from "../../../generated/tracker/ConnectionInput";
import type { JiraFlavour } from "../../../generated/tracker/JiraFlavour";

/** The connect / change form as typed: the token is never filled in from the server. */
export type Draft = { baseUrl: string; flavour: JiraFlavour; auth: AuthKind; email: string; secret: string };

export const FLAVOURS: readonly JiraFlavour[] = ["cloud", "dataCenter"];

/**
 * The sign-ins each edition's form offers: Cloud an API token (with the account's email)
 * or a pasted OAuth access token; Data Center a personal access token. A pasted OAuth
 * token is never renewed, so where the server signs in with Atlassian itself (a button
 * beside the form) the form leaves it out.
 */
export const AUTH_CHOICES: Record<JiraFlavour, readonly AuthKind[]> = {
  cloud: ["apiToken", "oAuth"],
  dataCenter: ["personalAccessToken"],
};

function offered(flavour: JiraFlavour, pastedOAuth: boolean): readonly AuthKind[] {
  return pastedOAuth ? AUTH_CHOICES[flavour] : AUTH_CHOICES[flavour].filter((auth) => auth !== "oAuth");
}

export type Field = "baseUrl" | "email" | "secret";
export type Problems = Partial<Record<Field, "required">>;

export const emptyDraft = (): Draft => ({ baseUrl: "", flavour: "cloud", auth: "apiToken", email: "", secret: "" });

export const draftOf = (info: ConnectionInfo): Draft => ({ baseUrl: info.baseUrl, flavour: info.flavour, auth: info.auth, email: info.email ?? "", secret: "" });

/** The sign-ins to offer: the edition's, and the stored one should the server hold another. */
export function authChoices(draft: Draft, pastedOAuth = true): readonly AuthKind[] {
  const choices = offered(draft.flavour, pastedOAuth);
  return choices.includes(draft.auth) ? choices : [...choices, draft.auth];
}

/** Another edition: its first sign-in unless the current one is among its own. */
export function withFlavour(draft: Draft, flavour: JiraFlavour, pastedOAuth = true): Draft {
  const choices = offered(flavour, pastedOAuth);
  return { ...draft, flavour, auth: choices.includes(draft.auth) ? draft.auth : choices[0]! };
}

export const needsEmail = (draft: Draft) => draft.auth === "apiToken";

/** Only what is missing; the server judges the rest (the URL's form, its address) and says why. */
export function problemsOf(draft: Draft, stored: ConnectionInfo | null): Problems {
  const problems: Problems = {};
  if (!draft.baseUrl.trim()) problems.baseUrl = "required";
  if (needsEmail(draft) && !draft.email.trim()) problems.email = "required";
  if (!draft.secret.trim() && !stored?.hasSecret) problems.secret = "required";
  return problems;
}

export const firstProblem = (problems: Problems): Field | undefined => (["baseUrl", "email", "secret"] as const).find((f) => problems[f]);

/** The body of the PUT: the email only with an API token, the token only when one was typed (else the stored one is kept). */
export function inputOf(draft: Draft): ConnectionInput {
  const secret = draft.secret.trim();
  return {
    baseUrl: draft.baseUrl.trim(),
    flavour: draft.flavour,
    auth: draft.auth,
    ...(needsEmail(draft) ? { email: draft.email.trim() } : {}),
    ...(secret ? { secret } : {}),
  };
}
