import { describe, expect, it } from "vitest";
import { avatarInitial, displayName } from "./identity";

describe("avatar initial", () => {
  it("uses the first name's initial, upper-cased", () => {
    expect(avatarInitial({ firstName: "alice", userName: "bob" })).toBe("A");
  });

  it("falls back to the user name when there is no first name", () => {
    expect(avatarInitial({ firstName: null, userName: "bob" })).toBe("B");
    expect(avatarInitial({ firstName: "   ", userName: "bob" })).toBe("B");
  });

  it("falls back to U when neither name has a letter", () => {
    expect(avatarInitial({ firstName: null, userName: "" })).toBe("U");
    expect(avatarInitial(null)).toBe("U");
  });

  it("keeps non-Latin and astral initials whole", () => {
    expect(avatarInitial({ firstName: "张伟", userName: "zw" })).toBe("张");
    expect(avatarInitial({ firstName: "𝒜da", userName: "ada" })).toBe("𝒜");
  });
});

describe("display name", () => {
  it("prefers first name, then user name, then email", () => {
    expect(displayName({ firstName: "Ann", userName: "ann.k", email: "a@x.test" })).toBe("Ann");
    expect(displayName({ firstName: null, userName: "ann.k", email: "a@x.test" })).toBe("ann.k");
    expect(displayName({ firstName: null, userName: "", email: "a@x.test" })).toBe("a@x.test");
  });
});
