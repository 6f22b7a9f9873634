import { describe, expect, it, vi } from "vitest";
import { USER_INFO_TTL_MS } from "./constants";
import { USER_INFO_REQUIRED, cachedUserInfo, obtainUserInfo } from "./userInfo";
import { siteVariant } from "./variants";

const questions = { email: "Please enter your email:", firstName: "Please enter your first name:", lastName: "Please enter your last name:" };
const grace = { email: "grace@example.test", firstName: "Grace", lastName: "Hopper" };

describe("the third variant's user info (spec 002 §5, §6)", () => {
  it("asks three prompts without a form, and needs all three", async () => {
    const prompt = vi.fn((q: string) => ({ [questions.email]: " grace@example.test ", [questions.firstName]: "Grace", [questions.lastName]: "Hopper" })[q] ?? null);
    await expect(obtainUserInfo({ userId: "t1:grace", now: 0, form: undefined, prompt, questions })).resolves.toEqual(grace);
    expect(prompt.mock.calls.map(([q]) => q)).toEqual([questions.email, questions.firstName, questions.lastName]);

    localStorage.clear();
    const blankLast = (q: string) => (q === questions.lastName ? "  " : "x");
    await expect(obtainUserInfo({ userId: "t1:grace", now: 0, form: undefined, prompt: blankLast, questions })).rejects.toThrow(USER_INFO_REQUIRED);
    expect(USER_INFO_REQUIRED).toBe("User info is required for UNIS live agent");
    await expect(obtainUserInfo({ userId: "t1:grace", now: 0, form: undefined, prompt: () => null, questions })).rejects.toThrow(USER_INFO_REQUIRED);
  });

  it("uses the page's form when there is one; a cancelled form gives null, silently", async () => {
    const prompt = vi.fn(() => "x");
    await expect(obtainUserInfo({ userId: "u", now: 0, form: async () => null, prompt, questions })).resolves.toBeNull();
    await expect(obtainUserInfo({ userId: "u", now: 0, form: async () => grace, prompt, questions })).resolves.toEqual(grace);
    expect(prompt).not.toHaveBeenCalled();
  });

  it("keeps the details for 12 hours, per user", async () => {
    const form = vi.fn(async () => grace);
    const ask = (now: number, userId = "t1:grace") => obtainUserInfo({ userId, now, form, prompt: () => null, questions });
    await ask(1_000);
    await ask(1_000 + USER_INFO_TTL_MS - 1);
    expect(form).toHaveBeenCalledTimes(1);
    await ask(1_000, "t1:other");
    expect(form).toHaveBeenCalledTimes(2);
    expect(cachedUserInfo("t1:grace", 1_000 + USER_INFO_TTL_MS)).toBeNull();
    await ask(1_000 + USER_INFO_TTL_MS);
    expect(form).toHaveBeenCalledTimes(3);
    expect(USER_INFO_TTL_MS).toBe(43_200_000);
  });
});

describe("the site variant", () => {
  it("is primary, portal or third; anything else is primary", () => {
    expect(siteVariant("portal")).toBe("portal");
    expect(siteVariant("third")).toBe("third");
    expect(siteVariant("primary")).toBe("primary");
    expect(siteVariant("unis-legacy")).toBe("primary");
    expect(siteVariant(undefined)).toBe("primary");
  });
});
