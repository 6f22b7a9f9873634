import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode } from "react";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for confirmations and alerts that need an answer. */
  role?: "dialog" | "alertdialog";
  testId?: string;
};

/** A modal dialog with a title and an optional description; focus is trapped by Radix. */
export function Dialog({ open, onOpenChange, title, description, children, role = "dialog", testId }: Props) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          role={role}
          data-testid={testId}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none"
          {...(description === undefined ? { "aria-describedby": undefined } : {})}
        >
          <RadixDialog.Title className="text-base font-semibold tracking-wide text-navy-950">{title}</RadixDialog.Title>
          {description !== undefined && (
            <RadixDialog.Description asChild>
              <div className="mt-2 text-sm text-slate-600">{description}</div>
            </RadixDialog.Description>
          )}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

export const buttonClass = {
  primary:
    "inline-flex items-center justify-center rounded-lg bg-navy-900 px-4 py-2 text-sm font-semibold text-white hover:bg-navy-800 disabled:opacity-60",
  danger:
    "inline-flex items-center justify-center rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60",
  secondary:
    "inline-flex items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50",
};

type ConfirmProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  body: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  testId?: string;
};

/** Asks before something that cannot be undone; the safe choice has the focus. */
export function ConfirmDialog({ open, onOpenChange, title, body, confirmLabel, cancelLabel, onConfirm, testId }: ConfirmProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={body} role="alertdialog" testId={testId}>
      <div className="mt-6 flex justify-end gap-2">
        <RadixDialog.Close className={buttonClass.secondary} autoFocus>
          {cancelLabel}
        </RadixDialog.Close>
        <button
          type="button"
          className={buttonClass.danger}
          onClick={() => {
            onConfirm();
            onOpenChange(false);
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

export const DialogClose = RadixDialog.Close;
