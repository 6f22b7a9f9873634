import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The order-management family's strings in Spanish. */
const es: Strings = {
  name: "OMS {{tool}}",
  tools: {
    importOrders: "Importar pedidos",
    getOrder: "Consultar pedido",
    listOrders: "Listar pedidos",
  },
  status: {
    success: "Correcto",
    failed: "Fallido",
    processing: "En proceso",
  },
  running: {
    importOrders: "Importando los pedidos…",
    getOrder: "Consultando el pedido…",
    listOrders: "Listando los pedidos…",
  },
  importFailed: "La importación falló",
  operationFailed: "La operación falló: {{error}}",
  will: "Importar los pedidos de {{file}} para el comerciante {{merchant}}",
  willNoFile: "Importar un archivo de pedidos para el comerciante {{merchant}}",
  args: {
    fileUrl: "Enlace del archivo",
    fileName: "Nombre del archivo",
    merchantNo: "Número de comerciante",
    orderId: "Id. de pedido",
    salesOrderId: "Id. de pedido de venta",
    limit: "Como máximo",
  },
  result: "Resultado",
  imported: "Pedidos importados: {{n}}",
  lines: "Líneas: {{n}}",
  created: "Pedidos creados",
  createdSome: "Pedidos creados: los primeros {{n}} de {{total}}",
  orders: "Pedidos",
  noOrders: "No hay pedidos",
  column: {
    orderId: "Id. de pedido",
    salesOrderId: "Id. de pedido de venta",
    status: "Estado",
    lines: "Líneas",
    shipDate: "Fecha de envío",
  },
  order: {
    status: "Estado",
    shipTo: "Enviar a",
    shipDate: "Fecha de envío solicitada",
    lines: "Líneas",
    sku: "SKU",
    description: "Descripción",
    quantity: "Cantidad",
  },
  rowErrors: "Errores por fila",
  rowError: {
    row: "Fila",
    salesOrderId: "Id. de pedido de venta",
    column: "Columna",
    message: "Mensaje",
  },
  moreErrors: "y {{n}} más",
};

export default es;

/** Words that are the same in Spanish: the system's name and the SKU. */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["name", "order.sku"];
