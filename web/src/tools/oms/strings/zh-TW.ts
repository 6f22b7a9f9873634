import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The order-management family's strings in Traditional Chinese. */
const zhTW: Strings = {
  name: "OMS {{tool}}",
  tools: {
    importOrders: "匯入訂單",
    getOrder: "查詢訂單",
    listOrders: "訂單列表",
  },
  status: {
    success: "成功",
    failed: "失敗",
    processing: "處理中",
  },
  running: {
    importOrders: "正在匯入訂單…",
    getOrder: "正在查詢訂單…",
    listOrders: "正在取得訂單列表…",
  },
  importFailed: "匯入失敗",
  operationFailed: "操作失敗：{{error}}",
  will: "為商戶 {{merchant}} 匯入 {{file}} 中的訂單",
  willNoFile: "為商戶 {{merchant}} 匯入訂單檔案",
  args: {
    fileUrl: "檔案連結",
    fileName: "檔案名稱",
    merchantNo: "商戶編號",
    orderId: "訂單編號",
    salesOrderId: "銷售訂單編號",
    limit: "最多",
  },
  result: "結果",
  imported: "已匯入訂單：{{n}}",
  lines: "行數：{{n}}",
  created: "已建立的訂單",
  createdSome: "已建立的訂單：共 {{total}} 筆，顯示前 {{n}} 筆",
  orders: "訂單",
  noOrders: "沒有訂單",
  column: {
    orderId: "訂單編號",
    salesOrderId: "銷售訂單編號",
    status: "狀態",
    lines: "行數",
    shipDate: "出貨日期",
  },
  order: {
    status: "狀態",
    shipTo: "收貨地址",
    shipDate: "要求出貨日期",
    lines: "訂單明細",
    sku: "SKU",
    description: "描述",
    quantity: "數量",
  },
  rowErrors: "列錯誤",
  rowError: {
    row: "列",
    salesOrderId: "銷售訂單編號",
    column: "欄",
    message: "說明",
  },
  moreErrors: "另有 {{n}} 筆",
};

export default zhTW;

/** The same in Chinese: the system's name and the SKU. */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["name", "order.sku"];
