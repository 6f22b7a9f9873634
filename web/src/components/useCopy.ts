import { useCallback, useEffect, useState } from "react";

/** Spec 000 §9: how long the copy confirmation shows. */
export const COPY_CONFIRMATION_MS = 2000;

/**
 * Copies text to the clipboard; `copied` is true for the confirmation's 2 s. When the
 * clipboard refuses (permissions, plain http) nothing is confirmed and `onRefused` runs.
 */
export function useCopy(onRefused?: () => void) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = useCallback(
    async (text: string) => {
      try {
        await navigator.clipboard.writeText(text);
        setCopied(true);
      } catch {
        onRefused?.();
      }
    },
    [onRefused],
  );

  return { copied, copy };
}
