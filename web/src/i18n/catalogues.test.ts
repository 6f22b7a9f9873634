import { describe, expect, it } from "vitest";
import * as families from "../tools/families";
import { familyOfPath } from "./families";
import en from "./locales/en";
import { LANGUAGES } from "./languages";
import { catalogues } from "./resources";

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(en);
const others = LANGUAGES.filter((l) => l.code !== "en").map((l) => ({
  code: l.code,
  strings: flatten(catalogues[l.code]),
}));

const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translation catalogues", () => {
  it("has a catalogue for every language", () => {
    expect(Object.keys(catalogues).sort()).toEqual(LANGUAGES.map((l) => l.code).sort());
  });

  it.each(others)("$code has exactly the English keys", ({ strings }) => {
    expect([...strings.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it.each([{ code: "en", strings: english }, ...others])("$code has no empty values", ({ strings }) => {
    const empty = [...strings].filter(([, v]) => v.trim() === "").map(([k]) => k);
    expect(empty).toEqual([]);
  });

  it.each(others)("$code uses the same {{placeholders}} as English", ({ strings }) => {
    for (const [key, value] of english) {
      expect(placeholders(strings.get(key) ?? ""), key).toEqual(placeholders(value));
    }
  });

  it.each(others)("$code translates every marketing and login string", ({ strings }) => {
    const untranslated = [...english]
      .filter(([key]) => key.startsWith("marketing.") || key.startsWith("login.") || key.startsWith("landing."))
      .filter(([key, value]) => strings.get(key) === value)
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });

  it.each(others)("$code translates user administration and the invitation page", ({ code, strings }) => {
    // Words that are the same in the language itself.
    const alike: Record<string, string[]> = {
      de: ["adminUsers.role.agent", "adminUsers.column.status", "adminUsers.optional"],
      es: ["adminUsers.roles", "adminUsers.column.roles"],
      fr: ["adminUsers.role.agent", "adminUsers.column.actions"],
    };
    const untranslated = [...english]
      .filter(([key]) => key.startsWith("adminUsers.") || key.startsWith("invite."))
      .filter(([key, value]) => strings.get(key) === value && !alike[code]?.includes(key))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});

describe("the tool families' strings", () => {
  const names = Object.keys(families);
  const inFamily = (key: string) => names.some((name) => key.startsWith(`${name}.`));

  it("are in the catalogue under each family's name, in every language", () => {
    for (const name of names) expect([...english.keys()].some((key) => key.startsWith(`${name}.`)), name).toBe(true);
    // The parity checks above then hold every language to the same keys.
  });

  /** Each family's words that are the same in a language, declared beside its translation (`sameAsEnglish`). */
  const sameAsEnglish = Object.entries(import.meta.glob<readonly string[] | undefined>("../tools/*/strings/*.ts", { eager: true, import: "sameAsEnglish" })).flatMap(
    ([path, keys]) => (keys ?? []).map((key) => `${/([^/]+)\.ts$/.exec(path)![1]}:${familyOfPath(path)}.${key}`),
  );

  it.each(others)("are translated in $code", ({ code, strings }) => {
    // Formats without words of their own ('{{value}} km/h', 'UTC', 'AM') need none.
    const hasWords = (text: string) => /\p{L}{2,}/u.test(text.replace(/\{\{\s*\w+\s*\}\}/g, "").replace(/\b(km\/h|UTC|AM|PM)\b/g, ""));
    const untranslated = [...english]
      .filter(([key, value]) => inFamily(key) && hasWords(value) && strings.get(key) === value && !sameAsEnglish.includes(`${code}:${key}`))
      .map(([key]) => key);
    expect(untranslated).toEqual([]);
  });
});

describe("the spec's texts", () => {
  // Spec 000 §2, §5, §8; 001 §2.1, §2.2, §2.6, §2.16, §2.18, §8; 002 §2, §5: quoted strings are the defaults.
  const quotedInEnglish: Record<string, string> = {
    "input.placeholder": "Type a message or use voice...",
    "input.dropHere": "Drop files here",
    "input.filesSelected": "{{n}} file(s) selected",
    "welcome.moreCases": "More cases",
    "sidebar.newChat": "New Connection",
    "memory.page.menu": "Memory",
    "userMenu.logout": "Logout",
    "dialog.deleteTitle": "DELETE CONFIRMATION",
    "dialog.deleteBody": "Are you sure you want to delete this conversation?",
    "dialog.deleteAllTitle": "DELETE ALL CONFIRMATION",
    "dialog.deleteAllBody": "Are you sure you want to delete ALL conversations? This action cannot be undone.",
    "message.you": "You",
    "message.liveAgent": "Live Agent",
    "message.assistant": "BI Assistant",
    "tools.invoked": "Invoked {{tool}}",
    "tools.processing": "Processing...",
    "tools.completed": "Completed {{tool}}",
    "tools.result": "Result {{tool}}",
    "tools.failed": "Tool Call Failed",
    "tools.unknownError": "Unknown error",
    "task.label": "Task Completed",
    "task.defaultMessage": "Task completed successfully",
    "artifacts.unknownType": "Unknown Artifact Type",
    "artifacts.footer": "Tab {{n}} of {{m}}",
    "artifacts.preview.openInNewTab": "Open in New Tab",
    "artifacts.preview.retry": "Retry",
    "artifacts.preview.retrying": "Loading failed, retrying... ({{n}}/{{max}})",
    "artifacts.preview.notReady": "Service not ready after multiple attempts",
    "artifacts.preview.notAvailable": "Preview not available",
    "alerts.tooLargePaste": "The following files are too large (max 100MB):",
    "alerts.tooLargePick": "The following files are too large, please select files under 100MB:",
    "errors.withMessage": "Error: {{message}}",
    "errors.deleteMessageFailed": "Failed to delete message",
    "fileViewer.loadFailed": "Failed to load preview",
    "fileViewer.notSupported": "Preview not supported for this file type",
    "memory.titles.search": "Memory Search",
    "memory.results.searchNone": "No memories found",
    "memory.failed.search": "Failed to search memories: {{error}}",
    "memory.failed.save": "Failed to add memory: {{error}}",
    "memory.failed.delete": "Failed to delete memory: {{error}}",
    "knowledge.none": "No documents found for this query",
    "knowledge.basesPage.try.none": "No documents found for this query",
  };
  // The spec quotes these from its Chinese deployment: verbatim in Simplified Chinese,
  // translated everywhere else (English included).
  const quotedInChinese: Record<string, string> = {
    "weather.note": "数据仅供参考",
    "errors.sendFailed": "发送消息失败，请重试",
    "errors.historyFailed": "加载聊天历史记录失败",
    "errors.unknown": "发生未知错误",
    "errors.uploadFailedMany": "{{n}} 个文件上传失败，但消息仍会发送",
    "errors.uploadFailedOne": "文件上传失败，但消息仍会发送",
    "errors.audioDownloadFailed": "下载音频文件失败",
    "errors.toolResultFailed": "处理工具结果时出错，请重试",
  };
  const zhCN = flatten(catalogues["zh-CN"]);

  it("are the English catalogue's strings, exactly, where the spec quotes English", () => {
    for (const [key, text] of Object.entries(quotedInEnglish)) expect(english.get(key), key).toBe(text);
  });

  it("stay verbatim in Simplified Chinese where the spec quotes Chinese", () => {
    for (const [key, text] of Object.entries(quotedInChinese)) expect(zhCN.get(key), key).toBe(text);
  });

  it("are translated in the other languages", () => {
    // Words that are the same in the language itself.
    const alike: Record<string, string[]> = { es: ["errors.withMessage"] };
    for (const { code, strings } of others.filter((o) => o.code !== "zh-CN")) {
      const same = Object.keys(quotedInEnglish).filter((key) => strings.get(key) === english.get(key) && !alike[code]?.includes(key));
      expect(same, code).toEqual([]);
    }
    for (const { code, strings } of [{ code: "en", strings: english }, ...others.filter((o) => o.code !== "zh-CN")]) {
      const same = Object.keys(quotedInChinese).filter((key) => strings.get(key) === zhCN.get(key));
      expect(same, code).toEqual([]);
    }
  });
});

describe("the English interface", () => {
  it("has no Chinese, Japanese or Korean characters anywhere", () => {
    // Han, kana, Hangul, CJK punctuation and full-width forms.
    const cjk = /[\u3000-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u;
    const leaked = [...english].filter(([, value]) => cjk.test(value)).map(([key, value]) => `${key}: ${value}`);
    expect(leaked).toEqual([]);
  });
});
