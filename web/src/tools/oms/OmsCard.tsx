import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OmsOrder } from "../../generated/tools/oms/OmsOrder";
import type { OmsResult } from "../../generated/tools/oms/OmsResult";
import type { OmsRowError } from "../../generated/tools/oms/OmsRowError";
import { ToolCardShell } from "../shell/ToolCardShell";
import { useToolCall } from "../shell/toolCall";
import type { ToolCardProps } from "../types";
import { OrdersIcon } from "./icons";
import { ARGUMENTS, type OmsArguments, type OmsStatus, type OmsTool, TOOL_KEY, argumentsOf, detailOf, readOms, statusOf, subjectOf } from "./oms";

const LABEL = "text-[11px] font-semibold tracking-wide text-slate-500 uppercase";

/**
 * The order-management tools' card (spec 001 §2.14), one for every `oms-` tool: titled
 * 'OMS {tool} • {file, merchant or order} • {Success | Failed | Processing}'; expanded,
 * the input parameters, then the result — the order id and message, the orders imported,
 * listed or found — or the error with the file's row errors. An import asks for approval
 * first, through the shell.
 */
export function OmsCard({ invocation }: ToolCardProps<OmsTool>) {
  const { t } = useTranslation();
  const { answerable } = useToolCall(invocation);
  const tool = invocation.toolName;
  const reading = readOms(invocation.output);
  const result = reading?.result;
  const args = argumentsOf(invocation.input);
  const subject = subjectOf(tool, args, result);
  const unfinished = !answerable && (invocation.phase === "preparing" || invocation.phase === "executing" || invocation.phase === "approval");
  const status = statusOf(invocation.phase, reading, unfinished);
  const STATUS: Record<OmsStatus, string> = { success: t("oms.status.success"), failed: t("oms.status.failed"), processing: t("oms.status.processing") };
  const title = [t("oms.name", { tool: t(`oms.tools.${TOOL_KEY[tool]}`) }), subject, status && STATUS[status]].filter(Boolean).join(" • ");

  let failure: string | undefined;
  if (invocation.phase === "failed") failure = t("oms.operationFailed", { error: invocation.errorText || t("tools.unknownError") });
  else if (reading?.failure === null) failure = t("oms.importFailed");
  else if (reading?.failure !== undefined) failure = reading.failure;

  const parameters = <Parameters args={args} />;
  const merchant = args.merchantNo ?? "";
  const file = args.fileName ?? subject;

  return (
    <ToolCardShell
      invocation={invocation}
      icon={<OrdersIcon className="size-4.5" />}
      accent="amber"
      title={title}
      runningLabel={t(`oms.running.${TOOL_KEY[tool]}`)}
      summary={result?.message || result?.orderId}
      failure={failure}
      runningDetail={parameters}
      failureDetail={
        <>
          {parameters}
          {result && <RowErrors rows={result.rowErrors} more={result.moreErrors} />}
        </>
      }
      approvalSummary={
        tool === "oms-importOrders" ? (
          <>
            <p className="rounded-md bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900" data-testid="oms-will">
              {file ? t("oms.will", { file, merchant }) : t("oms.willNoFile", { merchant })}
            </p>
            {parameters}
          </>
        ) : undefined
      }
    >
      {parameters}
      {result && <Result tool={tool} result={result} />}
    </ToolCardShell>
  );
}

/** The input parameters, under the names the spec gives them (a stored call's aliases read too). */
function Parameters({ args }: { args: OmsArguments }) {
  const { t } = useTranslation();
  const shown = ARGUMENTS.filter((key) => args[key] !== undefined);
  if (shown.length === 0) return null;
  return (
    <section aria-label={t("tools.parameters")}>
      <h4 className={`mb-1 ${LABEL}`}>{t("tools.parameters")}</h4>
      <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm" data-testid="oms-parameters">
        {shown.map((key) => (
          <div key={key} className="contents">
            <dt className="text-slate-500">{t(`oms.args.${key}`)}</dt>
            <dd className="min-w-0 font-medium break-all text-slate-900">{String(args[key])}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Result({ tool, result }: { tool: OmsTool; result: OmsResult }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t("oms.result")} className="space-y-3" data-testid="oms-result">
      <div>
        <h4 className={`mb-1 ${LABEL}`}>{t("oms.result")}</h4>
        {result.orderId && (
          <dl className="flex gap-4 text-sm">
            <dt className="text-slate-500">{t("oms.args.orderId")}</dt>
            <dd className="font-mono font-medium text-slate-900" data-testid="oms-order-id">
              {result.orderId}
            </dd>
          </dl>
        )}
        {result.message && (
          <p className="mt-1 text-sm text-slate-700" data-testid="oms-message">
            {result.message}
          </p>
        )}
      </div>
      {tool === "oms-importOrders" && <Imported result={result} />}
      {tool === "oms-listOrders" && <OrdersTable orders={result.orders} />}
      {tool === "oms-getOrder" && <OrderDetails result={result} />}
    </section>
  );
}

function Imported({ result }: { result: OmsResult }) {
  const { t } = useTranslation();
  const total = result.imported ?? result.orders.length;
  return (
    <div className="space-y-2">
      <p className="flex flex-wrap gap-2 text-sm" data-testid="oms-imported">
        <span className="rounded-full bg-teal-50 px-2 py-0.5 font-medium text-teal-800">{t("oms.imported", { n: total })}</span>
        {result.lineCount !== undefined && <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{t("oms.lines", { n: result.lineCount })}</span>}
      </p>
      {result.orders.length > 0 && (
        <div>
          <h4 className={`mb-1 ${LABEL}`}>{total > result.orders.length ? t("oms.createdSome", { n: result.orders.length, total }) : t("oms.created")}</h4>
          <Table
            testId="oms-created"
            head={[t("oms.column.orderId"), t("oms.column.salesOrderId")]}
            rows={result.orders.map((order) => ({ key: order.orderId, cells: [<Mono key="id">{order.orderId}</Mono>, order.salesOrderId] }))}
          />
        </div>
      )}
    </div>
  );
}

function OrdersTable({ orders }: { orders: readonly OmsOrder[] }) {
  const { t } = useTranslation();
  if (orders.length === 0) return <p className="text-sm text-slate-500">{t("oms.noOrders")}</p>;
  return (
    <div>
      <h4 className={`mb-1 ${LABEL}`}>{t("oms.orders")}</h4>
      <Table
        testId="oms-orders"
        head={[t("oms.column.orderId"), t("oms.column.salesOrderId"), t("oms.column.status"), t("oms.column.lines"), t("oms.column.shipDate")]}
        rows={orders.map((order) => ({
          key: order.orderId,
          cells: [<Mono key="id">{order.orderId}</Mono>, order.salesOrderId, order.status, order.lineCount, order.requestedShipDate],
        }))}
      />
    </div>
  );
}

function OrderDetails({ result }: { result: OmsResult }) {
  const { t } = useTranslation();
  const { order, shipTo, lines } = detailOf(result);
  if (!order && !shipTo && lines.length === 0) return null;
  return (
    <div className="space-y-2" data-testid="oms-order">
      <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
        {order?.status && (
          <>
            <dt className="text-slate-500">{t("oms.order.status")}</dt>
            <dd>
              <span className="rounded-full bg-sky-50 px-2 py-0.5 text-xs font-medium text-sky-800" data-testid="oms-order-status">
                {order.status}
              </span>
            </dd>
          </>
        )}
        {order?.salesOrderId && (
          <>
            <dt className="text-slate-500">{t("oms.args.salesOrderId")}</dt>
            <dd className="font-mono text-slate-900">{order.salesOrderId}</dd>
          </>
        )}
        {order?.requestedShipDate && (
          <>
            <dt className="text-slate-500">{t("oms.order.shipDate")}</dt>
            <dd className="text-slate-900 tabular-nums">{order.requestedShipDate}</dd>
          </>
        )}
        {shipTo && (
          <>
            <dt className="text-slate-500">{t("oms.order.shipTo")}</dt>
            <dd className="text-slate-900" data-testid="oms-ship-to">
              <address className="not-italic">
                {[shipTo.name, ...shipTo.lines, shipTo.phone].filter(Boolean).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </>
        )}
      </dl>
      {lines.length > 0 && (
        <div>
          <h4 className={`mb-1 ${LABEL}`}>{t("oms.order.lines")}</h4>
          <Table
            testId="oms-lines"
            head={["#", t("oms.order.sku"), t("oms.order.description"), t("oms.order.quantity"), t("oms.column.status")]}
            rows={lines.map((line, i) => ({
              key: `${line.lineNo ?? i}-${line.sku ?? ""}`,
              cells: [line.lineNo ?? i + 1, <Mono key="sku">{line.sku}</Mono>, line.description, [line.quantity, line.uom].filter((v) => v !== undefined).join(" "), line.status],
            }))}
          />
        </div>
      )}
    </div>
  );
}

/** Why the file was not imported, row by row, and how many more problems there are. */
function RowErrors({ rows, more }: { rows: readonly OmsRowError[]; more: number | undefined }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <div>
      <h4 className={`mb-1 ${LABEL}`}>{t("oms.rowErrors")}</h4>
      <Table
        testId="oms-row-errors"
        head={[t("oms.rowError.row"), t("oms.rowError.salesOrderId"), t("oms.rowError.column"), t("oms.rowError.message")]}
        rows={rows.map((row, i) => ({ key: String(i), cells: [row.row, row.salesOrderId, <Mono key="column">{row.column}</Mono>, row.message] }))}
      />
      {more !== undefined && more > 0 && (
        <p className="mt-1 text-xs text-slate-500" data-testid="oms-more-errors">
          {t("oms.moreErrors", { n: more })}
        </p>
      )}
    </div>
  );
}

function Mono({ children }: { children: ReactNode }) {
  return <span className="font-mono">{children}</span>;
}

/** A small table that scrolls within the card when it is long or wide. */
function Table({ head, rows, testId }: { head: readonly string[]; rows: readonly { key: string; cells: readonly ReactNode[] }[]; testId: string }) {
  return (
    <div className="max-h-64 overflow-auto rounded-md border border-slate-200">
      <table className="w-full text-left text-xs" data-testid={testId}>
        <thead className="sticky top-0 bg-slate-50 text-slate-500">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className="px-2 py-1 font-medium whitespace-nowrap">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 align-top text-slate-800">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) => (
                <td key={i} className="px-2 py-1 break-words">
                  {cell ?? "—"}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
