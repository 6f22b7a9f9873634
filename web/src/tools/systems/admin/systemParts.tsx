import { useTranslation } from "react-i18next";
import type { AuthSettings } from "../../../generated/systems/AuthSettings";
import type { Kind } from "../../../generated/systems/Kind";
import type { SystemInfo } from "../../../generated/systems/SystemInfo";
import { formatDateAndTime } from "../../../i18n/format";

/** Every kind, in the order they are offered. */
export const KINDS: readonly Kind[] = ["wms", "fms", "yms", "oms"];

const KIND_LOOK: Record<Kind, string> = {
  wms: "bg-teal-50 text-teal-800 ring-teal-600/20",
  fms: "bg-sky-50 text-sky-800 ring-sky-600/20",
  yms: "bg-amber-50 text-amber-800 ring-amber-600/20",
  oms: "bg-violet-50 text-violet-800 ring-violet-600/20",
};

const badge = "inline-flex items-center rounded-md px-1.5 py-0.5 text-[11px] font-semibold whitespace-nowrap ring-1 ring-inset";

/** "WMS" as a badge; its full name ("Warehouse management") is what a screen reader says. */
export function KindBadge({ kind }: { kind: Kind }) {
  const { t } = useTranslation();
  const name = t(`systems.admin.kind.${kind}`);
  return (
    <span className={`${badge} tracking-wide ${KIND_LOOK[kind]}`} title={name}>
      <span aria-hidden="true">{kind.toUpperCase()}</span>
      <span className="sr-only">{name}</span>
    </span>
  );
}

export function BuiltInMark() {
  const { t } = useTranslation();
  return (
    <span className={`${badge} bg-slate-100 text-slate-700 ring-slate-500/20`} title={t("systems.admin.builtInHint")}>
      {t("systems.admin.builtIn")}
    </span>
  );
}

const METHOD_LOOK: Record<string, string> = {
  GET: "bg-emerald-50 text-emerald-800 ring-emerald-600/20",
  POST: "bg-sky-50 text-sky-800 ring-sky-600/20",
  PUT: "bg-amber-50 text-amber-800 ring-amber-600/20",
  PATCH: "bg-amber-50 text-amber-800 ring-amber-600/20",
  DELETE: "bg-red-50 text-red-800 ring-red-600/20",
};

export function MethodBadge({ method }: { method: string }) {
  const look = METHOD_LOOK[method.toUpperCase()] ?? "bg-slate-100 text-slate-700 ring-slate-500/20";
  return <span className={`${badge} w-16 justify-center font-mono ${look}`}>{method.toUpperCase()}</span>;
}

/** Name, kind and the built-in mark, with the base URL beneath. */
export function SystemIdentity({ system, onOpen }: { system: SystemInfo; onOpen: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0">
      <span className="flex flex-wrap items-center gap-1.5">
        <button
          type="button"
          onClick={onOpen}
          title={t("systems.admin.operationsFor", { name: system.name })}
          className="min-w-0 rounded text-left font-medium break-words text-slate-900 hover:text-teal-800 hover:underline"
        >
          {system.name}
        </button>
        <KindBadge kind={system.kind} />
        {system.builtIn && <BuiltInMark />}
      </span>
      <span className="mt-0.5 block font-mono text-xs font-normal break-all text-slate-500">{system.baseUrl}</span>
    </span>
  );
}

/** The imported document's title and version, and how many of its operations there are and are marked safe. */
export function DocumentSummary({ system }: { system: SystemInfo }) {
  const { t } = useTranslation();
  return (
    <span className="block min-w-0">
      <span className="block break-words text-slate-800">
        {system.title || t("systems.admin.untitled")}
        {system.version && <span className="ml-1.5 text-xs text-slate-500">{system.version}</span>}
      </span>
      <span className="block text-xs text-slate-500">
        {t("systems.admin.operationCount", { n: system.operationCount })}
        {system.safeOperations.length > 0 && ` · ${t("systems.admin.safeCount", { n: system.safeOperations.length })}`}
      </span>
    </span>
  );
}

/** How Waybill signs in, with the one setting that tells it apart (header, user, client). */
export function SignInSummary({ auth }: { auth: AuthSettings }) {
  const { t } = useTranslation();
  const detail = auth.type === "apiKey" ? auth.header : auth.type === "basic" ? auth.username : auth.type === "oauth2" ? auth.clientId : null;
  return (
    <span className="block min-w-0 text-slate-700">
      {t(`systems.admin.auth.${auth.type}`)}
      {detail && <span className="block truncate font-mono text-xs text-slate-500">{detail}</span>}
    </span>
  );
}

/** The day and the time, each kept whole. */
export function UpdatedAt({ at }: { at: string }) {
  const { i18n } = useTranslation();
  const { date, time } = formatDateAndTime(at, i18n.language);
  return (
    <time dateTime={at} className="text-slate-700">
      <span className="whitespace-nowrap">{date}</span> <span className="whitespace-nowrap">{time}</span>
    </time>
  );
}
