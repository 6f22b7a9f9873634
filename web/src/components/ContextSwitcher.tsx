import { useId } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useAuthStore } from "../auth/store";
import { ChevronDown } from "./icons";

type Option = { id: string; name: string };

type FieldProps = {
  stacked: boolean;
  label: string;
  options: readonly Option[];
  value: string | null;
  fallback: string;
  onChange: (id: string) => void;
};

/**
 * A select when there is a choice to make, plain text otherwise. Names can be long
 * ("Ontario CA Distribution Center") and a select cuts its value on one line: in the
 * narrow sidebar the chosen name shows as wrapping text with the select laid invisibly
 * over it (it still opens, takes the keyboard and is what assistive technology reads);
 * in the header the select keeps the whole name in its title.
 */
function ContextField({ stacked, label, options, value, fallback, onChange }: FieldProps) {
  const id = useId();
  const current = options.find((o) => o.id === value);
  const box = stacked ? "min-w-0" : "min-w-0 flex-1 sm:flex-none";
  if (options.length <= 1) {
    return (
      <div className={box}>
        <span className="block text-[11px] font-medium tracking-wide text-navy-300 uppercase">{label}</span>
        <span className={`block text-sm font-medium text-white ${stacked ? "wrap-break-word" : "truncate"}`} title={current?.name}>
          {current?.name ?? fallback}
        </span>
      </div>
    );
  }
  const select = (className: string) => (
    <select
      id={id}
      value={value ?? ""}
      onChange={(e) => onChange(e.target.value)}
      title={current?.name}
      className={className}
    >
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.name}
        </option>
      ))}
    </select>
  );
  return (
    <div className={box}>
      <label htmlFor={id} className="block text-[11px] font-medium tracking-wide text-navy-300 uppercase">
        {label}
      </label>
      {stacked ? (
        <div className="relative rounded-md border border-white/15 bg-navy-800 py-0.5 pr-7 pl-2 text-sm font-medium text-white hover:border-white/30 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-teal-400">
          <span aria-hidden="true" className="block wrap-break-word" data-testid="context-value">
            {current?.name ?? fallback}
          </span>
          <ChevronDown className="pointer-events-none absolute top-1.5 right-2 size-4 text-navy-200" />
          {select("absolute inset-0 size-full cursor-pointer opacity-0")}
        </div>
      ) : (
        select(
          "block w-full cursor-pointer truncate rounded-md border border-white/15 bg-navy-800 py-0.5 pr-7 pl-2 text-sm font-medium text-white hover:border-white/30 sm:w-auto sm:max-w-56",
        )
      )}
    </div>
  );
}

/** The tenant and facility every request is made for; `stacked` fits a narrow column (the sidebar). */
export function ContextSwitcher({ stacked = false }: { stacked?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tenants = useAuthStore((s) => s.tenants);
  const tenantId = useAuthStore((s) => s.tenantId);
  const facilityId = useAuthStore((s) => s.facilityId);
  const selectTenant = useAuthStore((s) => s.selectTenant);
  const selectFacility = useAuthStore((s) => s.selectFacility);
  const facilities = tenants.find((tn) => tn.id === tenantId)?.facilities ?? [];

  // Cached data belongs to the previous tenant or facility.
  const refetchAll = () => void queryClient.invalidateQueries();

  if (tenants.length === 0) return null;
  return (
    <div className={stacked ? "flex flex-col gap-2" : "flex min-w-0 items-center gap-3 sm:gap-4"}>
      <ContextField
        stacked={stacked}
        label={t("context.tenant")}
        options={tenants}
        value={tenantId}
        fallback="—"
        onChange={(id) => {
          selectTenant(id);
          refetchAll();
        }}
      />
      {!stacked && <span aria-hidden="true" className="h-8 w-px bg-white/15" />}
      <ContextField
        stacked={stacked}
        label={t("context.facility")}
        options={facilities}
        value={facilityId}
        fallback={t("context.noFacility")}
        onChange={(id) => {
          selectFacility(id);
          refetchAll();
        }}
      />
    </div>
  );
}
