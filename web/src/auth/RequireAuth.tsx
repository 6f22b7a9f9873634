import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { selectIsSignedIn, useAuthStore } from "./store";

/** Renders its children for a signed-in user; sends anyone else to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(selectIsSignedIn);
  return signedIn ? children : <Navigate to="/login" replace />;
}

/** Renders its children for an anonymous visitor; sends a signed-in user to the home page. */
export function RequireAnonymous({ children }: { children: ReactNode }) {
  const signedIn = useAuthStore(selectIsSignedIn);
  return signedIn ? <Navigate to="/" replace /> : children;
}
