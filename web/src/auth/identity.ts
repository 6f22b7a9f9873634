import type { UserInfo } from "../generated/UserInfo";

function firstLetter(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  // Array.from splits by code point, so a name starting with an astral character stays whole.
  const [first] = Array.from(trimmed);
  return first ? first.toLocaleUpperCase() : null;
}

/** The avatar letter: the first name's initial, else the user name's, else "U". */
export function avatarInitial(user: Pick<UserInfo, "firstName" | "userName"> | null): string {
  return firstLetter(user?.firstName) ?? firstLetter(user?.userName) ?? "U";
}

/** The name shown for the user: first name, else user name, else email. */
export function displayName(user: UserInfo): string {
  return user.firstName?.trim() || user.userName.trim() || user.email;
}
