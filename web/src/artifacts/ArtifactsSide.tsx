import { Suspense, lazy, useLayoutEffect } from "react";
import { useArtifacts } from "./store";

const ArtifactsPanel = lazy(() => import("./ArtifactsPanel"));

/**
 * Where the chat page puts the artifacts panel: nothing until an artifact is open, then
 * the panel (its own chunk, loaded on first use). It also tells the store which chat is
 * shown — in a layout effect, so the switch happens before the new chat's cards register
 * their artifacts (in ordinary effects).
 */
export function ArtifactsSide({ chatId, overlay }: { chatId: string; overlay: boolean }) {
  const switchChat = useArtifacts((s) => s.switchChat);
  useLayoutEffect(() => switchChat(chatId), [chatId, switchChat]);
  const shown = useArtifacts((s) => s.open.length > 0);
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <ArtifactsPanel overlay={overlay} />
    </Suspense>
  );
}
