import type { Strings } from "./en";

/** The business-systems family's strings in Japanese. */
const ja: Strings = {
  errors: {
    json: "JSON の解析エラー",
    data: "データ処理エラー",
  },
  search: {
    title: "API 検索：{{query}}",
    titlePlain: "API 検索",
    running: "API を検索しています…",
    found: "見つかった API：{{n}} 件",
    none: "「{{query}}」に該当する API は見つかりませんでした",
    failed: "API 検索に失敗しました：{{error}}",
    similarity: "類似度",
    pathParameters: "パス",
    queryParameters: "クエリ",
    required: "必須",
    takesBody: "JSON 本文",
    results: "見つかった API",
  },
  call: {
    title: "{{system}} の {{request}}",
    titlePlain: "API 呼び出し",
    running: "{{system}} を呼び出しています…",
    failed: "API 呼び出しに失敗しました：{{error}}",
    noData: "応答データがありません",
    request: "リクエスト",
    operation: "オペレーション",
    pathParams: "パスパラメーター",
    query: "クエリパラメーター",
    body: "本文",
    noParameters: "パラメーターなし",
    response: "応答",
    statusCode: "ステータス {{status}}",
    truncated: "アシスタントには短縮された応答が渡されました。ここには応答全体を表示しています。",
    willSend: "次のリクエストを {{system}} に送信します：",
    nothingSent: "{{system}} には何も送信されていません。",
    issues: "検証の問題",
    issuePath: "パス",
    expected: "期待値",
    received: "受け取った値",
    message: "メッセージ",
    parameters: "渡されたパラメーター",
    suggestions: "修正の提案",
    answer: "{{system}} の応答",
  },
};

export default ja;
