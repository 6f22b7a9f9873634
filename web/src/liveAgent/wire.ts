import { isRecord, num, str } from "../lib/values";

/**
 * The messaging service's wire shapes (docs/live-agent.md; spec 002 §3, §7), read
 * defensively: every answer arrives as `unknown`.
 */

/** A message on the socket (cmd 3 and 4). `sender` is a user id or "system". */
export type WireMessage = {
  id: string;
  content: string;
  sender: string;
  sendId: string;
  timestamp: number;
  type: number;
  groupId: string;
  sendNickName: string;
  userAvatar: string;
};

/** The messaging tokens, with their lives in seconds. */
export type ImTokens = {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresIn: number;
  refreshTokenExpiresIn: number;
  userId: string | undefined;
  nickName: string | undefined;
};

/** A session as the service reports it (created, resumed or polled). */
export type SessionData = {
  sessionId: string | undefined;
  position: number;
  waitTime: number;
  agentAvailable: boolean;
  status: string | undefined;
  groupId: string | undefined;
};

export type SentMessage = { sendId: string | undefined; id: string | undefined; timestamp: number | undefined };

export type GroupMember = { userId: string; nickName: string | undefined; headImage: string | undefined };

/** Ids travel as numbers or strings; both read as strings. */
const id = (value: unknown): string | undefined => str(value) ?? (typeof value === "number" && Number.isFinite(value) ? String(value) : undefined);

/** Epoch milliseconds from a number (seconds or milliseconds) or a date string. */
function time(value: unknown): number | undefined {
  const n = num(value);
  if (n !== undefined) return n < 1e12 ? n * 1000 : n;
  const s = str(value);
  if (s === undefined) return undefined;
  const parsed = Date.parse(s);
  return Number.isNaN(parsed) ? undefined : parsed;
}

export function parseWireMessage(value: unknown, now: number): WireMessage | null {
  if (!isRecord(value)) return null;
  const messageId = id(value.id);
  if (messageId === undefined) return null;
  return {
    id: messageId,
    content: str(value.content) ?? "",
    sender: id(value.sender) ?? "",
    sendId: id(value.sendId) ?? "",
    timestamp: time(value.timestamp) ?? now,
    type: num(value.type) ?? 0,
    groupId: id(value.groupId) ?? "",
    sendNickName: str(value.sendNickName) ?? "",
    userAvatar: str(value.userAvatar) ?? "",
  };
}

export function parseTokens(value: unknown): ImTokens | null {
  if (!isRecord(value)) return null;
  const accessToken = str(value.accessToken);
  const refreshToken = str(value.refreshToken);
  if (!accessToken || !refreshToken) return null;
  return {
    accessToken,
    refreshToken,
    accessTokenExpiresIn: num(value.accessTokenExpiresIn) ?? 0,
    refreshTokenExpiresIn: num(value.refreshTokenExpiresIn) ?? 0,
    userId: id(value.userId),
    nickName: str(value.nickName),
  };
}

export function parseSession(value: unknown): SessionData | null {
  if (!isRecord(value)) return null;
  return {
    sessionId: id(value.sessionId),
    position: num(value.position) ?? 0,
    waitTime: num(value.waitTime) ?? 0,
    agentAvailable: value.agentAvailable === true,
    status: str(value.status),
    groupId: id(value.groupId),
  };
}

export function parseSent(value: unknown): SentMessage {
  const v = isRecord(value) ? value : {};
  return { sendId: id(v.sendId), id: id(v.id), timestamp: time(v.timestamp) };
}

export function parseMembers(value: unknown): GroupMember[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((m): GroupMember[] => {
    const userId = isRecord(m) ? id(m.userId) : undefined;
    if (!isRecord(m) || userId === undefined) return [];
    return [{ userId, nickName: str(m.nickName), headImage: str(m.headImage) }];
  });
}
