import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { JsonValue } from "../generated/serde_json/JsonValue";
import type { FieldLabels } from "../generated/tools/forms/FieldLabels";
import type { FormField } from "../generated/tools/forms/FormField";
import type { ItemField } from "../generated/tools/forms/ItemField";
import { isRecord } from "../lib/values";
import { fileNameOf, safeLink } from "./links";
import {
  ADDRESS_PARTS,
  type AnyField,
  type FieldValue,
  METADATA,
  type Picked,
  TASK_COMMAND,
  addressOf,
  itemFieldsOf,
  itemsOf,
  metadataOf,
  pickedListOf,
} from "./values";

export type FormSummaryProps = {
  /** The form's fields; without them the answer is laid out by its own keys. */
  fields?: readonly FormField[];
  values: { readonly [name: string]: JsonValue };
  labels?: { readonly [name: string]: FieldLabels };
};

const userText = "min-w-0 [overflow-wrap:anywhere]";

/** A row for each value: its field, or its key when the answer came without its form. */
type Row = { name: string; field: AnyField | undefined; label: string };

function rowsOf(fields: readonly AnyField[] | undefined, values: { readonly [name: string]: unknown }): Row[] {
  if (fields && fields.length) return fields.map((field) => ({ name: field.name, field, label: field.label }));
  return Object.keys(values)
    // The mirrored customer id (`taskCmd`) repeats the customer's row.
    .filter((name) => !name.startsWith("__") && name !== TASK_COMMAND)
    .map((name) => ({ name, field: undefined, label: name }));
}

function looksLikeAddress(value: unknown): boolean {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  return keys.length > 0 && keys.every((k) => (ADDRESS_PARTS as readonly string[]).includes(k)) && ("street" in value || "city" in value);
}

/**
 * A submitted answer, read-only (spec 001 §2.19): each field's label and what was given —
 * a selector's picked labels, an array's items, an address on its lines, a yes/no as Yes
 * or No, a file as a link.
 */
export function FormSummary({ fields, values, labels = {} }: FormSummaryProps) {
  return (
    <dl className="divide-y divide-slate-100 text-sm" data-testid="form-summary">
      {rowsOf(fields, values).map((row) => (
        <SummaryRow key={row.name} row={row} value={values[row.name]} picked={labels[row.name]} />
      ))}
    </dl>
  );
}

function SummaryRow({ row, value, picked }: { row: Row; value: FieldValue; picked: Picked | undefined }) {
  return (
    <div className="grid grid-cols-1 gap-x-3 gap-y-0.5 py-1.5 sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" data-testid={`summary-${row.name}`}>
      <dt className={`text-slate-500 ${userText}`} dir="auto">
        {row.label}
      </dt>
      <dd className={`text-slate-900 ${userText}`}>
        <SummaryValue field={row.field} value={value} picked={picked} />
      </dd>
    </div>
  );
}

function SummaryValue({ field, value, picked }: { field: AnyField | undefined; value: FieldValue; picked: Picked | undefined }): ReactNode {
  const { t } = useTranslation();
  const type = field?.type;
  const none = <span className="text-slate-400">{t("dynamicForm.notGiven")}</span>;

  const picks = pickedListOf(picked);
  if (picks.length) return <Texts texts={picks.map((p) => p.label)} />;

  if (type === "checkbox" || type === "switch" || typeof value === "boolean") return value === true ? t("dynamicForm.yes") : t("dynamicForm.no");
  if (value === undefined || value === null || value === "" || (Array.isArray(value) && value.length === 0)) return none;

  if (type === "array" || (type === undefined && Array.isArray(value) && value.length > 0 && value.every(isRecord))) {
    return <SummaryItems field={field} value={value} />;
  }
  if (type === "address" || (type === undefined && looksLikeAddress(value))) {
    const address = addressOf(value);
    if (!address) return none;
    const cityLine = [address.city, [address.state, address.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
    const lines = [address.name, address.street, address.street2, cityLine, address.phone].filter((line) => line.trim() !== "");
    return (
      <address className="not-italic" data-testid="summary-address">
        {lines.map((line, i) => (
          <span key={i} className="block" dir="auto">
            {line}
          </span>
        ))}
      </address>
    );
  }
  const options = field?.options ?? [];
  const optionLabel = (v: unknown) => options.find((o) => o.value === v)?.label ?? String(v);
  if (Array.isArray(value)) return <Texts texts={value.map(optionLabel)} />;
  if (type === "file" && typeof value === "string") {
    const link = safeLink(value);
    return link ? (
      <a href={link} target="_blank" rel="noreferrer noopener" className="text-teal-800 underline" dir="auto">
        {fileNameOf(value)}
      </a>
    ) : (
      <span dir="auto">{value}</span>
    );
  }
  if (isRecord(value)) {
    return <Texts texts={Object.entries(value).map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)} />;
  }
  return <span dir="auto">{optionLabel(value)}</span>;
}

function Texts({ texts }: { texts: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-x-1">
      {texts.map((text, i) => (
        <span key={i} dir="auto">
          {text}
          {i < texts.length - 1 ? "," : null}
        </span>
      ))}
    </span>
  );
}

function SummaryItems({ field, value }: { field: AnyField | undefined; value: FieldValue }) {
  const { t, i18n } = useTranslation();
  const items = itemsOf(value);
  const itemFields: readonly ItemField[] = field ? itemFieldsOf(field) : [];
  const raw = (field && "itemLabel" in field && field.itemLabel?.trim()) || t("dynamicForm.item");
  const itemLabel = raw.charAt(0).toLocaleUpperCase(i18n.language) + raw.slice(1);
  return (
    <ol className="space-y-1.5">
      {items.map((item, index) => {
        const picks = metadataOf(item);
        const rows = itemFields.length ? rowsOf(itemFields, item) : rowsOf(undefined, item).filter((r) => r.name !== METADATA);
        return (
          <li key={index} className="rounded-md bg-slate-50 px-2 py-1" data-testid={`summary-item-${index}`}>
            <span className="block text-xs font-semibold text-slate-600" dir="auto">
              {t("dynamicForm.itemHeading", { item: itemLabel, n: index + 1 })}
            </span>
            <dl>
              {rows.map((row) => (
                <div key={row.name} className="flex flex-wrap gap-x-1.5">
                  <dt className={`text-slate-500 ${userText}`} dir="auto">
                    {row.label}:
                  </dt>
                  <dd className={userText}>
                    <SummaryValue field={row.field} value={item[row.name]} picked={picks[row.name]} />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        );
      })}
    </ol>
  );
}
