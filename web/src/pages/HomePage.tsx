import { Suspense, lazy } from "react";
import { selectIsSignedIn, useAuthStore } from "../auth/store";
import { loadChatPage } from "../chat/preload";
import { savedSidebarOpen } from "../chat/savedPreferences";
import { PageLoading } from "../components/PageLoading";
import { LandingPage } from "./LandingPage";

/**
 * The chat page is its own chunk: visitors on the landing and login pages do not load it
 * (the sign-in form starts loading it once a password is sent).
 */
const ChatPage = lazy(loadChatPage);

/** The root: the landing view for visitors, the chat for signed-in users. */
export function HomePage() {
  const signedIn = useAuthStore(selectIsSignedIn);
  if (!signedIn) return <LandingPage />;
  return (
    <Suspense fallback={<PageLoading sidebar={savedSidebarOpen()} />}>
      <ChatPage />
    </Suspense>
  );
}
