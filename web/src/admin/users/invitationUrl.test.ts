import { describe, expect, it } from "vitest";
import { absoluteInvitationUrl } from "./invitationUrl";

describe("invitation link", () => {
  it("puts a path the server answered on this page's origin", () => {
    expect(absoluteInvitationUrl("/invite/abc", "https://waybill.example")).toBe("https://waybill.example/invite/abc");
  });

  it("keeps a link the server made absolute with its public address", () => {
    expect(absoluteInvitationUrl("https://ops.example/invite/abc", "http://127.0.0.1:3000")).toBe("https://ops.example/invite/abc");
  });
});
