import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { savedSidebarOpen } from "../chat/savedPreferences";
import { PageLoading } from "../components/PageLoading";
import { selectIsSignedIn, useAuthStore } from "./store";

/** Renders its children for a signed-in user; sends anyone else to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(selectIsSignedIn);
  return signedIn ? children : <Navigate to="/login" replace />;
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
