import { type ReactNode, Suspense, lazy } from "react";
import { Navigate } from "react-router";
import { savedSidebarOpen } from "../chat/savedPreferences";
import { PageLoading } from "../components/PageLoading";
import type { AppPage } from "../tools/types";
import { hasRole, selectRoles } from "./roles";
import { selectIsSignedIn, useAuthStore } from "./store";

const DeniedPage = lazy(() => import("../components/DeniedPage"));

/** Renders its children for a signed-in user; sends anyone else to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(selectIsSignedIn);
  return signedIn ? children : <Navigate to="/login" replace />;
}

/**
 * Renders its children for a signed-in user with the page's role; anyone else reads whom
 * the page is for, in the page's words, and its chunk is not loaded.
 */
export function RequireRole({ page, children }: { page: AppPage; children: ReactNode }) {
  const allowed = useAuthStore((s) => hasRole(selectRoles(s), page.role));
  if (allowed || page.role === "member") return children;
  return (
    <Suspense fallback={<PageLoading />}>
      <DeniedPage denied={page.denied} />
    </Suspense>
  );
}

/**
 * Renders its children for an anonymous visitor; sends a signed-in user to the home page.
 * Signing in lands here first (the session is in before the navigation renders), so the
 * chat's loading frame shows meanwhile rather than an empty page.
 */
export function RequireAnonymous({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(selectIsSignedIn);
  if (!signedIn) return children;
  return (
    <>
      <Navigate to="/" replace />
      <PageLoading sidebar={savedSidebarOpen()} />
    </>
  );
}
