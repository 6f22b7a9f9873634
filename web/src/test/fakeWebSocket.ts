/**
 * A WebSocket for component tests, driven from the test's side: `FakeWebSocket.last()`
 * is the socket the app opened most recently; `accept()` opens it as the server would,
 * `push(value)` sends it a JSON text message, `drop()` closes it from the server's side.
 * Nothing reaches the network. Test setup installs it for every test, so pages that open
 * sockets render quietly; `FakeWebSocket.reset()` forgets earlier sockets.
 */
export class FakeWebSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static sockets: FakeWebSocket[] = [];

  static last(): FakeWebSocket | undefined {
    return FakeWebSocket.sockets.at(-1);
  }

  static reset(): void {
    FakeWebSocket.sockets = [];
  }

  readonly url: string;
  readonly protocols: string[];
  readyState = FakeWebSocket.CONNECTING;
  /** Whether the app closed it. */
  closedByClient = false;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL, protocols: string | string[] = []) {
    super();
    this.url = String(url);
    this.protocols = typeof protocols === "string" ? [protocols] : [...protocols];
    FakeWebSocket.sockets.push(this);
  }

  send(): void {}

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.closedByClient = true;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent("close", { code: 1000 }));
  }

  accept(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event("open"));
  }

  push(value: unknown): void {
    this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(value) }));
  }

  drop(): void {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent("close", { code: 1006 }));
  }
}
