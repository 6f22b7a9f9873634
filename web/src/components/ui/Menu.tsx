import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import type { ComponentProps, ReactNode } from "react";

/** Radix dropdown menu parts with the app's look; keyboard and focus handling are Radix's. */
export const MenuRoot = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;
export const MenuSub = DropdownMenu.Sub;

const panel = "z-50 min-w-44 rounded-xl border border-slate-200 bg-white p-1.5 text-slate-800 shadow-lg";

export function MenuContent({ children, className = "", ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content sideOffset={6} collisionPadding={8} className={`${panel} ${className}`} {...props}>
        {children}
      </DropdownMenu.Content>
    </DropdownMenu.Portal>
  );
}

export function MenuSubContent({ children, className = "", ...props }: ComponentProps<typeof DropdownMenu.SubContent>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.SubContent sideOffset={8} collisionPadding={8} className={`${panel} ${className}`} {...props}>
        {children}
      </DropdownMenu.SubContent>
    </DropdownMenu.Portal>
  );
}

export const menuItemClass =
  "flex w-full cursor-default items-center gap-2.5 rounded-md px-2.5 py-1.5 text-left text-sm outline-none select-none " +
  "data-[highlighted]:bg-slate-100 data-[disabled]:opacity-50";

export function MenuItem({ className = "", tone = "plain", ...props }: ComponentProps<typeof DropdownMenu.Item> & { tone?: "plain" | "danger" }) {
  const color = tone === "danger" ? "text-red-700 data-[highlighted]:bg-red-50" : "";
  return <DropdownMenu.Item className={`${menuItemClass} ${color} ${className}`} {...props} />;
}

export function MenuLabel({ children }: { children: ReactNode }) {
  return <DropdownMenu.Label className="px-2.5 pt-1.5 pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase">{children}</DropdownMenu.Label>;
}

export const MenuSeparator = () => <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />;
export const MenuRadioGroup = DropdownMenu.RadioGroup;
export const MenuRadioItem = DropdownMenu.RadioItem;
export const MenuCheckboxItem = DropdownMenu.CheckboxItem;
export const MenuSubTrigger = DropdownMenu.SubTrigger;
export const MenuGroup = DropdownMenu.Group;
