import { isRecord, num, str } from "../lib/values";
import { USER_INFO_TTL_MS } from "./constants";

/**
 * The third site variant's user info (spec 002 §2, §5): email, first name and last name,
 * from the page's form when it gives one, otherwise from three plain prompts; kept for
 * 12 hours per Waybill user.
 */

export type UserInfo = { email: string; firstName: string; lastName: string };

/** The page's form: resolves with the details, or null when the user cancelled it. */
export type UserInfoForm = () => Promise<UserInfo | null>;

/** Asks one value (the browser's `prompt`); null when cancelled. */
export type Prompt = (message: string) => string | null;

export const USER_INFO_REQUIRED = "User info is required for UNIS live agent";

const key = (userId: string) => `waybill.liveAgent.userInfo.${userId}`;

function complete(info: Partial<UserInfo>): info is UserInfo {
  return Boolean(info.email?.trim() && info.firstName?.trim() && info.lastName?.trim());
}

function trimmed(info: UserInfo): UserInfo {
  return { email: info.email.trim(), firstName: info.firstName.trim(), lastName: info.lastName.trim() };
}

/** The cached details, unless older than 12 hours. */
export function cachedUserInfo(userId: string, now: number, storage: Storage = localStorage): UserInfo | null {
  let value: unknown;
  try {
    value = JSON.parse(storage.getItem(key(userId)) ?? "null");
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const timestamp = num(value.timestamp);
  const info = { email: str(value.email), firstName: str(value.firstName), lastName: str(value.lastName) };
  if (timestamp === undefined || now - timestamp >= USER_INFO_TTL_MS || !complete(info)) {
    storage.removeItem(key(userId));
    return null;
  }
  return info;
}

export function cacheUserInfo(userId: string, info: UserInfo, now: number, storage: Storage = localStorage): void {
  storage.setItem(key(userId), JSON.stringify({ ...info, timestamp: now }));
}

export type UserInfoSource = {
  userId: string;
  now: number;
  form: UserInfoForm | undefined;
  prompt: Prompt;
  /** The prompts' questions, in the interface language. */
  questions: { email: string; firstName: string; lastName: string };
  storage?: Storage;
};

/**
 * The details to queue with: cached, else from the form (null when cancelled: nothing is
 * said), else from the prompts (all three required, or 'User info is required for UNIS
 * live agent').
 */
export async function obtainUserInfo({ userId, now, form, prompt, questions, storage = localStorage }: UserInfoSource): Promise<UserInfo | null> {
  const cached = cachedUserInfo(userId, now, storage);
  if (cached) return cached;
  let info: UserInfo | null;
  if (form) {
    info = await form();
    if (info === null) return null;
    if (!complete(info)) throw new Error(USER_INFO_REQUIRED);
  } else {
    const email = prompt(questions.email) ?? "";
    const firstName = email.trim() ? (prompt(questions.firstName) ?? "") : "";
    const lastName = firstName.trim() ? (prompt(questions.lastName) ?? "") : "";
    info = { email, firstName, lastName };
    if (!complete(info)) throw new Error(USER_INFO_REQUIRED);
  }
  const clean = trimmed(info);
  cacheUserInfo(userId, clean, now, storage);
  return clean;
}
