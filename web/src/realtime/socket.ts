/**
 * The realtime socket (app-shell.md §7): opens GET /api/v1/ws, hands each pushed event to `onEvent`, and reconnects
 * with exponential back-off (1 s doubling to 30 s, reset once a connection holds) until `close()` is called. A
 * 4401 close means the session ended: no reconnect.
 */
export type RealtimeEvent =
  | { type: "add_notification"; notification: unknown }
  | { type: "refresh_user" }
  | { type: "load_contest"; contest_id: string };

export const RECONNECT_MIN_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
const SESSION_ENDED = 4401;

export function backoffDelay(attempt: number): number {
  return Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** attempt);
}

function isEvent(v: unknown): v is RealtimeEvent {
  return typeof v === "object" && v !== null && typeof (v as { type?: unknown }).type === "string";
}

export function connectRealtime(opts: {
  url: string;
  onEvent(event: RealtimeEvent): void;
  onSessionEnded?(): void;
  WebSocketImpl?: typeof WebSocket;
}): { close(): void } {
  const Impl = opts.WebSocketImpl ?? WebSocket;
  let socket: WebSocket | null = null;
  let attempt = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const open = () => {
    if (stopped) return;
    socket = new Impl(opts.url);
    socket.onopen = () => {
      attempt = 0;
    };
    socket.onmessage = (msg) => {
      try {
        const data: unknown = JSON.parse(String(msg.data));
        if (isEvent(data)) opts.onEvent(data);
      } catch {
        // not JSON: ignored, the server only sends JSON events
      }
    };
    socket.onclose = (e) => {
      socket = null;
      if (stopped) return;
      if (e.code === SESSION_ENDED) {
        opts.onSessionEnded?.();
        return;
      }
      timer = setTimeout(open, backoffDelay(attempt++));
    };
  };
  open();
  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    },
  };
}

export function realtimeUrl(location: Location): string {
  return `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/v1/ws`;
}
