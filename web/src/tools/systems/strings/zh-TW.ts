import type { Strings } from "./en";

/** The business-systems family's strings in Traditional Chinese. */
const zhTW: Strings = {
  errors: {
    json: "JSON 解析錯誤",
    data: "資料處理錯誤",
  },
  search: {
    title: "API 搜尋：{{query}}",
    titlePlain: "API 搜尋",
    running: "正在搜尋 API…",
    found: "找到的 API：{{n}} 個",
    none: "找不到與「{{query}}」相關的 API",
    failed: "API 搜尋失敗：{{error}}",
    similarity: "相似度",
    pathParameters: "路徑",
    queryParameters: "查詢",
    required: "必填",
    takesBody: "JSON 請求本文",
    results: "找到的 API",
  },
  call: {
    title: "{{system}} 上的 {{request}}",
    titlePlain: "API 呼叫",
    running: "正在呼叫 {{system}}…",
    failed: "API 呼叫失敗：{{error}}",
    noData: "沒有可用的回應資料",
    request: "請求",
    operation: "操作",
    pathParams: "路徑參數",
    query: "查詢參數",
    body: "請求本文",
    noParameters: "無參數",
    response: "回應",
    statusCode: "狀態 {{status}}",
    truncated: "助理收到的是截短的回應；這裡顯示完整的回應。",
    willSend: "將向 {{system}} 傳送以下請求：",
    nothingSent: "沒有向 {{system}} 傳送任何內容。",
    issues: "驗證問題",
    issuePath: "路徑",
    expected: "預期",
    received: "實際",
    message: "說明",
    parameters: "傳入的參數",
    suggestions: "建議的修正",
    answer: "{{system}} 的回應",
  },
};

export default zhTW;
