import type { ReactNode } from "react";
import { useProfileSync } from "../auth/useProfileSync";
import { AppHeader } from "./AppHeader";

/** The frame of every signed-in page; also keeps the user's profile and grants current. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  useProfileSync();
  return (
    <div className="flex min-h-dvh flex-col">
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
    </div>
  );
}
