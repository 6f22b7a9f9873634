import { useCallback, useEffect, useMemo } from "react";
import { type Artifact, artifactOf, useArtifacts } from "../../artifacts/store";
import type { ToolInvocation } from "../types";

/**
 * The artifact a tool's result carries (spec 001 §1), or the one its card makes of it
 * (`own`, when given), registered for its message as soon as the result is there; `open`
 * shows it in the side panel.
 */
export function useToolArtifact(invocation: ToolInvocation, own?: Artifact | null): { artifact: Artifact | null; open: () => void } {
  const { output, messageId, phase } = invocation;
  const artifact = useMemo(() => (phase !== "completed" ? null : own !== undefined ? own : artifactOf(output)), [output, own, phase]);
  const register = useArtifacts((s) => s.registerArtifact);
  const openInPanel = useArtifacts((s) => s.openArtifact);

  useEffect(() => {
    if (artifact) register(messageId, artifact);
  }, [artifact, messageId, register]);

  const open = useCallback(() => {
    if (artifact) openInPanel(messageId, artifact);
  }, [artifact, messageId, openInPanel]);

  return { artifact, open };
}
