import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { displayName } from "../auth/identity";
import { selectRoles } from "../auth/roles";
import { useAuthStore } from "../auth/store";
import { useLogout } from "../auth/useLogout";
import type { UserInfo } from "../generated/UserInfo";
import { menuFor } from "../pages/registry";
import { Avatar } from "./Avatar";
import { ChevronDown, LogoutIcon } from "./icons";

const itemClass =
  "flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-slate-700 " +
  "hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:opacity-60";

type Props = {
  user: UserInfo;
  /** `up` where the menu sits at the bottom of the screen (the sidebar's user block). */
  placement?: "down" | "up";
};

/**
 * The signed-in user's name and avatar, opening a menu with the pages the user's roles
 * reach (the core's and the families', pages/registry.ts) and Logout.
 */
export function UserMenu({ user, placement = "down" }: Props) {
  const { t } = useTranslation();
  const { logout, pending } = useLogout();
  const entries = menuFor(useAuthStore(selectRoles));
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const name = displayName(user);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    items()[0]?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => list[(i + list.length) % list.length]?.focus();
    switch (e.key) {
      case "Escape":
        e.preventDefault();
        close(true);
        break;
      case "ArrowDown":
        e.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        e.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        e.preventDefault();
        focusAt(0);
        break;
      case "End":
        e.preventDefault();
        focusAt(list.length - 1);
        break;
      case "Tab":
        close(false);
        break;
    }
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t("userMenu.label", { name })}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        className={`flex items-center gap-2 py-1 pr-2 pl-1 text-white transition hover:bg-white/10 ${
          placement === "up" ? "w-full rounded-lg" : "rounded-full"
        }`}
      >
        <Avatar user={user} />
        <span
          className={`truncate text-sm font-medium ${placement === "up" ? "min-w-0 flex-1 text-left" : "hidden max-w-40 sm:block"}`}
          data-testid="user-name"
        >
          {name}
        </span>
        <ChevronDown className={`size-4 text-navy-200 ${placement === "up" ? "rotate-180" : ""}`} />
      </button>
      {open && (
        <div
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={t("userMenu.label", { name })}
          onKeyDown={onMenuKeyDown}
          className={`absolute z-20 w-60 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg ${
            placement === "up" ? "bottom-full left-0 mb-2" : "right-0 mt-2"
          }`}
        >
          <div className="border-b border-slate-100 px-3 pt-1.5 pb-2.5" role="none">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          <div className="pt-1.5" role="none">
            {entries.map(({ path, label, icon: EntryIcon }) => (
              <Link key={path} to={path} role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                <EntryIcon className="size-4 text-slate-500" />
                {label(t)}
              </Link>
            ))}
            <button
              type="button"
              role="menuitem"
              tabIndex={-1}
              disabled={pending}
              className={itemClass}
              onClick={() => void logout()}
            >
              <LogoutIcon className="size-4 text-slate-500" />
              {t("userMenu.logout")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
