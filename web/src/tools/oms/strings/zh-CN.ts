import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The order-management family's strings in Simplified Chinese. */
const zhCN: Strings = {
  name: "OMS {{tool}}",
  tools: {
    importOrders: "导入订单",
    getOrder: "查询订单",
    listOrders: "订单列表",
  },
  status: {
    success: "成功",
    failed: "失败",
    processing: "处理中",
  },
  running: {
    importOrders: "正在导入订单…",
    getOrder: "正在查询订单…",
    listOrders: "正在获取订单列表…",
  },
  importFailed: "导入失败",
  operationFailed: "操作失败：{{error}}",
  will: "为商户 {{merchant}} 导入 {{file}} 中的订单",
  willNoFile: "为商户 {{merchant}} 导入订单文件",
  args: {
    fileUrl: "文件链接",
    fileName: "文件名",
    merchantNo: "商户编号",
    orderId: "订单号",
    salesOrderId: "销售订单号",
    limit: "最多",
  },
  result: "结果",
  imported: "已导入订单：{{n}}",
  lines: "行数：{{n}}",
  created: "已创建的订单",
  createdSome: "已创建的订单：共 {{total}} 个，显示前 {{n}} 个",
  orders: "订单",
  noOrders: "没有订单",
  column: {
    orderId: "订单号",
    salesOrderId: "销售订单号",
    status: "状态",
    lines: "行数",
    shipDate: "发货日期",
  },
  order: {
    status: "状态",
    shipTo: "收货地址",
    shipDate: "要求发货日期",
    lines: "订单行",
    sku: "SKU",
    description: "描述",
    quantity: "数量",
  },
  rowErrors: "行错误",
  rowError: {
    row: "行",
    salesOrderId: "销售订单号",
    column: "列",
    message: "说明",
  },
  moreErrors: "另有 {{n}} 个",
};

export default zhCN;

/** The same in Chinese: the system's name and the SKU. */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["name", "order.sku"];
