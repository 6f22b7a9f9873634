/**
 * How an online agent learns that someone joined the queue while looking elsewhere: a
 * browser notification (when the agent allowed them) and a short chime made with the Web
 * Audio API (no audio file to load).
 */

/** Where the agent said "not now" to notifications, so the desk does not ask again. */
export const NOTIFICATIONS_DECLINED_KEY = "waybill.desk.notificationsDeclined";

/** The notification permission: `unsupported` where the browser has no Notification API. */
export type NotificationState = NotificationPermission | "unsupported";

export function notificationState(): NotificationState {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Asks the browser once; answers what the agent chose. */
export async function askNotifications(): Promise<NotificationState> {
  if (typeof Notification === "undefined") return "unsupported";
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

export function notificationsDeclined(): boolean {
  try {
    return localStorage.getItem(NOTIFICATIONS_DECLINED_KEY) === "1";
  } catch {
    return false;
  }
}

export function declineNotifications(): void {
  try {
    localStorage.setItem(NOTIFICATIONS_DECLINED_KEY, "1");
  } catch {
    // Private mode or a full quota: the desk asks again next time.
  }
}

/**
 * Shows a notification when allowed; one tag, so several arrivals replace each other
 * rather than piling up. Clicking it brings the desk's tab forward.
 */
export function notify(title: string, body: string): void {
  if (notificationState() !== "granted") return;
  try {
    const notification = new Notification(title, { body, tag: "waybill-desk-queue" });
    notification.onclick = () => {
      window.focus();
      notification.close();
    };
  } catch {
    // Some browsers allow notifications only from a service worker: the chime and the title still tell.
  }
}

type AudioContextClass = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextClass | undefined {
  const w = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/**
 * Creates (or wakes) the audio context from a click: browsers start one made without a
 * gesture suspended, and the first chime would be silent.
 */
export function unlockAudio(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    context ??= new Context();
    if (context.state === "suspended") void context.resume();
  } catch {
    context = null;
  }
}

/** Two short rising tones, quiet: enough to be heard, not to startle. */
export function chime(): void {
  const Context = audioContextClass();
  if (!Context) return;
  try {
    context ??= new Context();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume();
    const start = ctx.currentTime + 0.01;
    [660, 880].forEach((frequency, i) => {
      const at = start + i * 0.16;
      const oscillator = ctx.createOscillator();
      const gain = ctx.createGain();
      oscillator.type = "sine";
      oscillator.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.14);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(at);
      oscillator.stop(at + 0.15);
    });
  } catch {
    // No sound device: the notification and the title still tell.
  }
}
