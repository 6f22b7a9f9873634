import { Suspense, lazy } from "react";
import { Navigate, type RouteObject } from "react-router";
import { RequireAnonymous, RequireAuth } from "./auth/RequireAuth";
import { PageLoading } from "./components/PageLoading";
import { RootLayout } from "./components/RootLayout";
import { HomePage } from "./pages/HomePage";
import { InvitePage } from "./pages/InvitePage";
import { LoginPage } from "./pages/LoginPage";

/** Administration is its own chunk: only administrators ever load it. */
const AdminUsersPage = lazy(() => import("./admin/users/AdminUsersPage"));
const AdminSystemsPage = lazy(() => import("./tools/systems/admin/AdminSystemsPage"));
const AdminCubesPage = lazy(() => import("./tools/bi/admin/AdminCubesPage"));
const AdminTrackerPage = lazy(() => import("./tools/jira/admin/AdminTrackerPage"));
/** The built-in issue tracker's pages, for every member: chunks of their own, loaded when opened. */
const TrackerListPage = lazy(() => import("./tools/jira/issues/TrackerListPage"));
const IssuePage = lazy(() => import("./tools/jira/issues/IssuePage"));
/** The user's dashboards: a chunk of its own too, loaded when opened from the user menu. */
const DashboardsPage = lazy(() => import("./tools/bi/dashboards/DashboardsPage"));
/** What the assistant remembers, for every member: a chunk of its own, loaded when opened from the user menu. */
const MemoriesPage = lazy(() => import("./tools/memory/page/MemoriesPage"));
/** The knowledge bases the assistant searches, for every member: a chunk of its own, loaded when opened from the user menu. */
const KnowledgePage = lazy(() => import("./tools/knowledge/page/KnowledgePage"));
/** The agents' desk (the live-agent queue): a chunk of its own, loaded when opened from the user menu. */
const DeskPage = lazy(() => import("./tools/live_agent/desk/DeskPage"));

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
      {
        path: "admin/memories",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <MemoriesPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "admin/knowledge",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <KnowledgePage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "desk",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <DeskPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "dashboards",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <DashboardsPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "tracker",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <TrackerListPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "tracker/browse/:key",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <IssuePage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "admin/users",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <AdminUsersPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "admin/systems",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <AdminSystemsPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "admin/cubes",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <AdminCubesPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        path: "admin/tracker",
        element: (
          <RequireAuth>
            <Suspense fallback={<PageLoading />}>
              <AdminTrackerPage />
            </Suspense>
          </RequireAuth>
        ),
      },
      // Public: the link's token is the proof. A signed-in visitor may still accept it.
      { path: "invite/:token", element: <InvitePage /> },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];
