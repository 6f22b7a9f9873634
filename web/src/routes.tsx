import { Suspense, lazy } from "react";
import { Navigate, type RouteObject } from "react-router";
import { RequireAnonymous, RequireAuth, RequireRole } from "./auth/RequireAuth";
import { PageLoading } from "./components/PageLoading";
import { RootLayout } from "./components/RootLayout";
import { HomePage } from "./pages/HomePage";
import { InvitePage } from "./pages/InvitePage";
import { LoginPage } from "./pages/LoginPage";
import { appPages } from "./pages/registry";
import type { AppPage } from "./tools/types";

/**
 * A signed-in page beside the chat (the core's and the families', pages/registry.ts): its
 * own chunk, loaded when it is first opened, and only for someone with its role.
 */
function pageRoute(page: AppPage): RouteObject {
  const Page = lazy(page.load);
  return {
    path: page.path,
    element: (
      <RequireAuth>
        <RequireRole page={page}>
          <Suspense fallback={<PageLoading />}>
            <Page />
          </Suspense>
        </RequireRole>
      </RequireAuth>
    ),
  };
}

/** The whole route table. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: "login",
        element: (
          <RequireAnonymous>
            <LoginPage />
          </RequireAnonymous>
        ),
      },
      ...appPages.map(pageRoute),
      // Public: the link's token is the proof. A signed-in visitor may still accept it.
      { path: "invite/:token", element: <InvitePage /> },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];
