import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { displayName } from "../auth/identity";
import { selectIsAdmin } from "../auth/roles";
import { useAuthStore } from "../auth/store";
import { selectMayOpenDesk } from "../tools/live_agent/desk/access";
import { useLogout } from "../auth/useLogout";
import type { UserInfo } from "../generated/UserInfo";
import { Avatar } from "./Avatar";
import { ChevronDown, HeadsetIcon, Icon, type IconProps, LogoutIcon, MemoryIcon } from "./icons";
import { CubeIcon, DashboardIcon, ServerIcon, TrackerIcon, UsersIcon } from "./moreIcons";

const itemClass =
  "flex w-full items-center gap-2.5 rounded-md px-3 py-2 text-left text-sm text-slate-700 " +
  "hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:opacity-60";

type Props = {
  user: UserInfo;
  /** `up` where the menu sits at the bottom of the screen (the sidebar's user block). */
  placement?: "down" | "up";
};

/**
 * The signed-in user's name and avatar, opening a menu with Memory, Knowledge bases,
 * Dashboards, Issues, Agent desk (agents and administrators), Users, Business systems, BI
 * cubes and Issue tracker (administrators only) and Logout.
 */
export function UserMenu({ user, placement = "down" }: Props) {
  const { t } = useTranslation();
  const { logout, pending } = useLogout();
  const isAdmin = useAuthStore(selectIsAdmin);
  const mayOpenDesk = useAuthStore(selectMayOpenDesk);
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
            <Link
              to="/admin/memories"
              role="menuitem"
              tabIndex={-1}
              className={itemClass}
              onClick={() => setOpen(false)}
            >
              <MemoryIcon className="size-4 text-slate-500" />
              {t("userMenu.memory")}
            </Link>
            <Link to="/admin/knowledge" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
              <BookIcon className="size-4 text-slate-500" />
              {t("userMenu.knowledge")}
            </Link>
            <Link to="/dashboards" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
              <DashboardIcon className="size-4 text-slate-500" />
              {t("userMenu.dashboards")}
            </Link>
            <Link to="/tracker" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
              <TrackerIcon className="size-4 text-slate-500" />
              {t("userMenu.issues")}
            </Link>
            {mayOpenDesk && (
              <Link to="/desk" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                <HeadsetIcon className="size-4 text-slate-500" />
                {t("desk.menu")}
              </Link>
            )}
            {isAdmin && (
              <>
                <Link to="/admin/users" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                  <UsersIcon className="size-4 text-slate-500" />
                  {t("userMenu.users")}
                </Link>
                <Link to="/admin/systems" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                  <ServerIcon className="size-4 text-slate-500" />
                  {t("userMenu.systems")}
                </Link>
                <Link to="/admin/cubes" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                  <CubeIcon className="size-4 text-slate-500" />
                  {t("userMenu.cubes")}
                </Link>
                <Link to="/admin/tracker" role="menuitem" tabIndex={-1} className={itemClass} onClick={() => setOpen(false)}>
                  <TrackerIcon className="size-4 text-slate-500" />
                  {t("userMenu.tracker")}
                </Link>
              </>
            )}
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

/** An open book: the knowledge bases. */
function BookIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5z" />
      <path d="M12 6.5v13" />
    </Icon>
  );
}
