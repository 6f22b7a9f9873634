import { selectIsSignedIn, useAuthStore } from "../auth/store";
import { LandingPage } from "./LandingPage";
import { WelcomePage } from "./WelcomePage";

/** The root: the landing view for visitors, the assistant for signed-in users. */
export function HomePage() {
  const signedIn = useAuthStore(selectIsSignedIn);
  return signedIn ? <WelcomePage /> : <LandingPage />;
}
