import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Spinner } from "../../components/icons";
import { checkboxClass, fieldErrorClass, hintClass } from "../../components/ui/fields";
import type { FacilityInfo } from "../../generated/FacilityInfo";
import type { Role } from "../../generated/Role";
import { ROLES } from "./memberParts";

type Props = {
  roles: readonly Role[];
  onRoles: (roles: Role[]) => void;
  facilities: readonly string[];
  onFacilities: (facilities: string[]) => void;
  /** The tenant's facilities; undefined while they load. */
  options: readonly FacilityInfo[] | undefined;
  /** Said under the facilities when none is chosen on submit. */
  facilityError?: string;
  disabled?: boolean;
};

function toggled<T>(list: readonly T[], value: T, on: boolean): T[] {
  return on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value);
}

const groupLegend = "text-sm font-medium text-slate-700";
const optionRow = "flex items-start gap-2.5 rounded-lg px-2 py-1.5 hover:bg-slate-50";

/** What a member may do (roles) and where (facilities): two groups of checkboxes. */
export function AccessFields({ roles, onRoles, facilities, onFacilities, options, facilityError, disabled = false }: Props) {
  const { t } = useTranslation();
  const hintId = useId();
  const errorId = useId();
  return (
    <>
      <fieldset disabled={disabled}>
        <legend className={groupLegend}>{t("adminUsers.roles")}</legend>
        <div className="mt-1 -mx-2 grid gap-0.5">
          {ROLES.map((role) => (
            <label key={role} className={optionRow}>
              <input type="checkbox" className={checkboxClass} checked={roles.includes(role)} onChange={(e) => onRoles(toggled(roles, role, e.target.checked))} />
              <span className="text-sm">
                <span className="block font-medium text-slate-800">{t(`adminUsers.role.${role}`)}</span>
                <span className="block text-xs text-slate-500">{t(`adminUsers.roleHint.${role}`)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset data-facilities disabled={disabled} aria-describedby={facilityError ? `${hintId} ${errorId}` : hintId} aria-invalid={facilityError ? true : undefined}>
        <legend className={groupLegend}>{t("adminUsers.facilities")}</legend>
        <p id={hintId} className={hintClass}>
          {t("adminUsers.facilitiesHint")}
        </p>
        {options === undefined ? (
          <Spinner className="mt-2 size-4 text-slate-400" />
        ) : (
          <div className="mt-1 -mx-2 grid gap-0.5 sm:grid-cols-2">
            {options.map((facility) => (
              <label key={facility.id} className={optionRow}>
                <input
                  type="checkbox"
                  className={checkboxClass}
                  checked={facilities.includes(facility.id)}
                  onChange={(e) => onFacilities(toggled(facilities, facility.id, e.target.checked))}
                />
                <span className="text-sm text-slate-800">{facility.name}</span>
              </label>
            ))}
          </div>
        )}
        {facilityError && (
          <p id={errorId} className={fieldErrorClass}>
            {facilityError}
          </p>
        )}
      </fieldset>
    </>
  );
}
