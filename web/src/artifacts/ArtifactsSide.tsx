import { type ReactNode, Suspense, lazy, useLayoutEffect, useRef } from "react";
import { fitsBeside } from "./layout";
import { useArtifacts } from "./store";
import { useWidth } from "./useWidth";

const ArtifactsPanel = lazy(() => import("./ArtifactsPanel"));

/**
 * The space beside the sidebar: the chat (`children`) and, once an artifact is open, the
 * divider and the panel (its own chunk, loaded on first use). The panel's width is a share
 * of this space; where even its narrowest would squeeze the chat below its minimum, it
 * covers the chat instead, as on a phone (`overlay`). It also tells the store which chat
 * is shown — in a layout effect, so the switch happens before the new chat's cards
 * register their artifacts (in ordinary effects).
 */
export function ArtifactsSide({ chatId, overlay, children }: { chatId: string; overlay: boolean; children?: ReactNode }) {
  const switchChat = useArtifacts((s) => s.switchChat);
  useLayoutEffect(() => switchChat(chatId), [chatId, switchChat]);
  const shown = useArtifacts((s) => s.open.length > 0);
  const row = useRef<HTMLDivElement>(null);
  const space = useWidth(row);
  return (
    <div ref={row} className="flex min-w-0 flex-1" data-testid="chat-space">
      {children}
      {shown && (
        <Suspense fallback={null}>
          <ArtifactsPanel overlay={overlay || !fitsBeside(space)} space={space} />
        </Suspense>
      )}
    </div>
  );
}
