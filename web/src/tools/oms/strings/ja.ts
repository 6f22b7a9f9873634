import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The order-management family's strings in Japanese. */
const ja: Strings = {
  name: "OMS {{tool}}",
  tools: {
    importOrders: "受注インポート",
    getOrder: "受注照会",
    listOrders: "受注一覧",
  },
  status: {
    success: "成功",
    failed: "失敗",
    processing: "処理中",
  },
  running: {
    importOrders: "受注をインポートしています…",
    getOrder: "受注を照会しています…",
    listOrders: "受注一覧を取得しています…",
  },
  importFailed: "インポートに失敗しました",
  operationFailed: "操作に失敗しました：{{error}}",
  will: "{{file}} の受注を加盟店 {{merchant}} にインポートする",
  willNoFile: "受注ファイルを加盟店 {{merchant}} にインポートする",
  args: {
    fileUrl: "ファイルのリンク",
    fileName: "ファイル名",
    merchantNo: "加盟店番号",
    orderId: "受注 ID",
    salesOrderId: "販売注文 ID",
    limit: "最大件数",
  },
  result: "結果",
  imported: "インポートした受注：{{n}} 件",
  lines: "明細：{{n}} 行",
  created: "作成された受注",
  createdSome: "作成された受注：{{total}} 件のうち最初の {{n}} 件",
  orders: "受注",
  noOrders: "受注はありません",
  column: {
    orderId: "受注 ID",
    salesOrderId: "販売注文 ID",
    status: "ステータス",
    lines: "明細数",
    shipDate: "出荷日",
  },
  order: {
    status: "ステータス",
    shipTo: "届け先",
    shipDate: "希望出荷日",
    lines: "明細",
    sku: "SKU",
    description: "品名",
    quantity: "数量",
  },
  rowErrors: "行ごとのエラー",
  rowError: {
    row: "行",
    salesOrderId: "販売注文 ID",
    column: "列",
    message: "メッセージ",
  },
  moreErrors: "ほか {{n}} 件",
};

export default ja;

/** The same in Japanese: the system's name and the SKU. */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["name", "order.sku"];
