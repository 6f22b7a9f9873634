import { afterEach, describe, expect, it } from "vitest";
import type { ChatMessage } from "../chat/types";
import i18n, { chooseLanguage } from "../i18n";
import { translateServiceNotice, withTranslatedNotice } from "./serviceNotices";

describe("the messaging service's notices", () => {
  afterEach(async () => {
    await chooseLanguage("en");
  });

  it("are shown in the interface's language, and other text as it is", async () => {
    await chooseLanguage("zh-CN");
    const t = i18n.t.bind(i18n);
    expect(translateServiceNotice("An agent joined", t)).toBe("人工客服已加入");
    expect(translateServiceNotice("The agent was disconnected and the conversation has ended.", t)).toBe("人工客服已断开连接，会话已结束。");
    expect(translateServiceNotice("An agent joined the night shift", t)).toBe("An agent joined the night shift");
  });

  it("are translated in system messages only: the agent's words stay theirs", async () => {
    await chooseLanguage("de");
    const t = i18n.t.bind(i18n);
    const message = (sender: string): ChatMessage =>
      ({ id: "live-agent-1", role: "assistant", parts: [{ type: "text", text: "An agent joined" }], metadata: { source: "live_agent", sender } }) as ChatMessage;
    expect(withTranslatedNotice(message("system"), t).parts).toEqual([{ type: "text", text: "Ein Live-Agent ist dem Gespräch beigetreten" }]);
    expect(withTranslatedNotice(message("agent"), t).parts).toEqual([{ type: "text", text: "An agent joined" }]);
  });
});
