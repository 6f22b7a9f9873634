import { useEffect, useState } from "react";

/** A wait as a clock: "0:05", "12:03", "1:02:03" (digits read the same in every language). */
export function formatClock(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const seconds = whole % 60;
  const ss = String(seconds).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${ss}` : `${minutes}:${ss}`;
}

/** The time now, in ms, renewed every `everyMs`: waits tick on screen without asking the server. */
export function useNow(everyMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** How long `waitingSeconds` (as the server counted when it answered at `answeredAt`) has become by `now`. */
export function waitedSeconds(waitingSeconds: number, answeredAt: number, now: number): number {
  return Math.max(0, waitingSeconds + Math.max(0, now - answeredAt) / 1000);
}
