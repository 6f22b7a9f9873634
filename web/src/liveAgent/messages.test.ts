import { describe, expect, it } from "vitest";
import { fromWire, systemMessage } from "./messages";
import { parseWireMessage } from "./wire";

describe("live-agent messages in chat form (spec 002 §3)", () => {
  it("reads the wire form tolerantly: numeric ids, second timestamps", () => {
    const wire = parseWireMessage({ id: 42, content: "hi", sender: 9, sendId: 9, timestamp: 1_764_000_000, type: 0, groupId: 7 }, 5)!;
    expect(wire).toMatchObject({ id: "42", sender: "9", sendId: "9", timestamp: 1_764_000_000_000, groupId: "7", sendNickName: "", userAvatar: "" });
    expect(parseWireMessage({ content: "no id" }, 5)).toBeNull();
  });

  it("makes images file parts with their link, and system notices assistant messages from 'system'", () => {
    const image = fromWire(parseWireMessage({ id: "m1", content: "/api/files/f1/photo%201.jpg", sender: "a", sendId: "a", type: 1, timestamp: 1 }, 0)!, false);
    expect(image.parts).toEqual([{ type: "file", url: "/api/files/f1/photo%201.jpg", mediaType: "image/jpeg", filename: "photo 1.jpg" }]);
    const notice = systemMessage("Successfully disconnected from live agent.", 10, "g1");
    expect(notice).toMatchObject({ role: "assistant", id: expect.stringMatching(/^live-agent-/), metadata: { source: "live_agent", sender: "system", groupId: "g1" } });
  });
});
