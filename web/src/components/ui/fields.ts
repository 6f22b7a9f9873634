/** The look of text fields and their labels in the app's forms (the sign-in form's). */
export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs " +
  "placeholder:text-slate-400 focus:border-teal-500 focus:ring-2 focus:ring-teal-500/30 focus:outline-none " +
  "disabled:cursor-not-allowed disabled:bg-slate-100 aria-invalid:border-red-400";

export const labelClass = "block text-sm font-medium text-slate-700";

export const hintClass = "mt-1 text-xs text-slate-500";

export const fieldErrorClass = "mt-1 text-xs font-medium text-red-700";

export const checkboxClass = "mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-navy-900";
