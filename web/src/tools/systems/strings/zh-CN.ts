import type { Strings } from "./en";

/** The business-systems family's strings in Simplified Chinese. */
const zhCN: Strings = {
  errors: {
    json: "JSON 解析错误",
    data: "数据处理错误",
  },
  search: {
    title: "API 搜索：{{query}}",
    titlePlain: "API 搜索",
    running: "正在搜索 API…",
    found: "找到的 API：{{n}} 个",
    none: "未找到与“{{query}}”相关的 API",
    failed: "API 搜索失败：{{error}}",
    similarity: "相似度",
    pathParameters: "路径",
    queryParameters: "查询",
    required: "必填",
    takesBody: "JSON 请求体",
    results: "找到的 API",
  },
  call: {
    title: "{{system}} 上的 {{request}}",
    titlePlain: "API 调用",
    running: "正在调用 {{system}}…",
    failed: "API 调用失败：{{error}}",
    noData: "没有可用的响应数据",
    request: "请求",
    operation: "操作",
    pathParams: "路径参数",
    query: "查询参数",
    body: "请求体",
    noParameters: "无参数",
    response: "响应",
    statusCode: "状态 {{status}}",
    truncated: "助手收到的是截短的响应；这里显示完整的响应。",
    willSend: "将向 {{system}} 发送以下请求：",
    nothingSent: "没有向 {{system}} 发送任何内容。",
    issues: "校验问题",
    issuePath: "路径",
    expected: "期望",
    received: "实际",
    message: "说明",
    parameters: "传入的参数",
    suggestions: "建议的修正",
    answer: "{{system}} 的响应",
  },
};

export default zhCN;
