import { afterEach, describe, expect, it, vi } from "vitest";
import {
  backoffDelay,
  connectRealtime,
  RECONNECT_MAX_MS,
  RECONNECT_MIN_MS,
  type RealtimeEvent,
  realtimeUrl,
} from "../../../web/src/realtime/socket";

/** A WebSocket the test drives: it records every socket opened and lets the test open, message and close them. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.onopen?.();
  }
  message(data: string) {
    this.onmessage?.({ data });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
  close() {
    this.closed = true;
    this.onclose?.({ code: 1000 });
  }
}

function connect() {
  FakeSocket.made = [];
  const events: RealtimeEvent[] = [];
  const onSessionEnded = vi.fn();
  const connection = connectRealtime({
    url: "ws://app.test/api/v1/ws",
    onEvent: (e) => events.push(e),
    onSessionEnded,
    WebSocketImpl: FakeSocket as unknown as typeof WebSocket,
  });
  const latest = () => FakeSocket.made.at(-1) as FakeSocket;
  return { events, onSessionEnded, connection, latest };
}

afterEach(() => vi.useRealTimers());

describe("backoffDelay", () => {
  it("starts at 1 s, doubles, and stops at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 20].map(backoffDelay)).toEqual([
      1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(RECONNECT_MIN_MS).toBe(1000);
    expect(RECONNECT_MAX_MS).toBe(30_000);
  });
});

describe("connectRealtime", () => {
  it("opens the socket at the url and hands each pushed event on", () => {
    const { events, latest } = connect();
    expect(latest().url).toBe("ws://app.test/api/v1/ws");
    latest().open();
    latest().message(JSON.stringify({ type: "load_contest", contest_id: "c1" }));
    latest().message(JSON.stringify({ type: "refresh_user" }));
    expect(events).toEqual([{ type: "load_contest", contest_id: "c1" }, { type: "refresh_user" }]);
  });

  it("ignores a message that is not JSON or not an event", () => {
    const { events, latest } = connect();
    latest().message("not json");
    latest().message(JSON.stringify([1, 2]));
    latest().message(JSON.stringify({ kind: "nope" }));
    expect(events).toEqual([]);
  });

  it("reconnects after a drop with a growing delay, and starts over once a connection holds", () => {
    vi.useFakeTimers();
    const { latest } = connect();
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.made).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.made).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made).toHaveLength(3);
    latest().open();
    latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.made).toHaveLength(4);
  });

  it("does not reconnect when the server says the session ended (4401)", () => {
    vi.useFakeTimers();
    const { latest, onSessionEnded } = connect();
    latest().open();
    latest().drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledOnce();
  });

  it("stops for good when closed, even with a reconnect pending", () => {
    vi.useFakeTimers();
    const { latest, connection } = connect();
    latest().drop();
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it("closes the open socket when closed", () => {
    const { latest, connection } = connect();
    latest().open();
    connection.close();
    expect(latest().closed).toBe(true);
    expect(FakeSocket.made).toHaveLength(1);
  });
});

describe("realtimeUrl", () => {
  it("uses wss behind https and ws otherwise, on the page's host", () => {
    expect(realtimeUrl({ protocol: "https:", host: "fairdraw.app" } as Location)).toBe(
      "wss://fairdraw.app/api/v1/ws",
    );
    expect(realtimeUrl({ protocol: "http:", host: "127.0.0.1:3000" } as Location)).toBe(
      "ws://127.0.0.1:3000/api/v1/ws",
    );
  });
});
