import { Suspense, lazy } from "react";
import { selectIsSignedIn, useAuthStore } from "../auth/store";
import { loadChatPage } from "../chat/preload";
import { LandingPage } from "./LandingPage";

/** The chat page is its own chunk: visitors on the landing and login pages never load it. */
const ChatPage = lazy(loadChatPage);

/** The root: the landing view for visitors, the chat for signed-in users. */
export function HomePage() {
  const signedIn = useAuthStore(selectIsSignedIn);
  if (!signedIn) return <LandingPage />;
  return (
    <Suspense fallback={<div className="h-dvh bg-slate-50" />}>
      <ChatPage />
    </Suspense>
  );
}
