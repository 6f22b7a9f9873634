import { useAuthStore } from "../auth/store";
import { ContextSwitcher } from "./ContextSwitcher";
import { Logo } from "./Logo";
import { UserMenu } from "./UserMenu";

/** The signed-in header: product name, tenant and facility, user menu. */
export function AppHeader() {
  const user = useAuthStore((s) => s.user);
  return (
    <header className="bg-navy-950 text-white shadow-sm">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3 sm:px-6">
        <Logo />
        <div className="order-last w-full min-w-0 sm:order-none sm:w-auto sm:flex-1">
          <ContextSwitcher />
        </div>
        <div className="ml-auto sm:ml-0">{user && <UserMenu user={user} />}</div>
      </div>
    </header>
  );
}
