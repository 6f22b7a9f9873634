import * as RadixDialog from "@radix-ui/react-dialog";
import { type ReactNode, useState } from "react";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** `alertdialog` for confirmations and alerts that need an answer. */
  role?: "dialog" | "alertdialog";
  /** `wide` for forms with several groups of fields, `large` for long lists with several columns. */
  size?: "normal" | "wide" | "large";
  testId?: string;
};

const POPUPS = '[role="menu"], [role="dialog"], [role="alertdialog"]';

/** The last element focused outside menus and dialogs: the button a menu was opened from. */
let lastFocusedOutside: HTMLElement | null = null;
if (typeof document !== "undefined") {
  document.addEventListener(
    "focusin",
    (event) => {
      if (event.target instanceof HTMLElement && !event.target.closest(POPUPS)) lastFocusedOutside = event.target;
    },
    true,
  );
}

/**
 * Where focus should go back to when a dialog closes: the focused element, or when that is
 * a menu's item (the menu closes as the dialog opens) or nothing, the last element focused
 * outside menus and dialogs — the button that opened the menu.
 */
function focusOrigin(): HTMLElement | null {
  const focused = document.activeElement;
  if (focused instanceof HTMLElement && focused !== document.body && !focused.closest(POPUPS)) return focused;
  return lastFocusedOutside;
}

const SIZES: Record<NonNullable<Props["size"]>, string> = { normal: "max-w-md", wide: "max-w-lg", large: "max-w-3xl" };

/**
 * A modal dialog with a title and an optional description; focus is trapped by Radix.
 * It scrolls inside when the window is too short for it (a phone held sideways).
 */
export function Dialog({ open, onOpenChange, title, description, children, role = "dialog", size = "normal", testId }: Props) {
  // Opened from code rather than a Radix trigger, the dialog would hand focus to the page
  // body on closing: give it back to whatever had it when it opened (the button or the
  // menu's button). Noted as `open` turns true, before a field inside takes the focus.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) setOpener(focusOrigin());
  }
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-navy-950/40 backdrop-blur-[1px]" />
        <RadixDialog.Content
          role={role}
          data-testid={testId}
          onCloseAutoFocus={(event) => {
            if (!opener?.isConnected) return;
            event.preventDefault();
            opener.focus();
          }}
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl focus:outline-none ${SIZES[size]}`}
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
