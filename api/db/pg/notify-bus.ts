/**
 * The realtime bus across processes on PostgreSQL (docs/decisions/021-postgresql.md, plan step 3): a message
 * published by any process, with pg_notify in the publisher's transaction (so it goes out at commit and never for
 * a rolled-back change), is heard by every process's one LISTEN connection, including the publisher's own: each
 * process delivers what it hears to its local sockets and nothing else. Not yet wired to the RealtimeHub.
 */
import { sql } from "drizzle-orm";
import pg from "pg";

export const REALTIME_CHANNEL = "fairdraw_realtime";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7999;

export class PayloadTooLarge extends Error {}

/** Anything that runs SQL: a drizzle PostgreSQL database or transaction. */
type Executor = { execute: (query: ReturnType<typeof sql>) => Promise<unknown> };

/** Sends a message on the channel, in `via`'s transaction when it is one. */
export async function publish(via: Executor, message: unknown): Promise<void> {
  const payload = JSON.stringify(message);
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) {
    throw new PayloadTooLarge(
      `realtime message of ${Buffer.byteLength(payload)} bytes: send an id and let each process load the row`,
    );
  }
  await via.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${payload})`);
}

export type Listener = {
  /** Stops listening and closes the connection. */
  close: () => Promise<void>;
  /** Resolves once the connection is listening (again). */
  ready: () => Promise<void>;
};

/**
 * One LISTEN connection, reconnected with backoff (0.1 s doubling to 10 s) when it drops. `onResync` is called
 * after a reconnection: messages sent meanwhile were missed, so the hub should tell its sockets to refresh.
 */
export function listen(
  url: string,
  handlers: {
    onMessage: (message: unknown) => void;
    onResync?: () => void;
    onError?: (err: unknown) => void;
  },
): Listener {
  let client: pg.Client | undefined;
  let closed = false;
  let delay = 100;
  let timer: NodeJS.Timeout | undefined;
  let first = true;
  let listening = false;
  const waiters: (() => void)[] = [];

  const connect = (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    c.on("notification", (n) => {
      if (n.channel !== REALTIME_CHANNEL || n.payload === undefined) return;
      try {
        handlers.onMessage(JSON.parse(n.payload));
      } catch (err) {
        handlers.onError?.(err);
      }
    });
    c.on("error", (err) => handlers.onError?.(err));
    c.on("end", () => {
      if (client === c) listening = false;
      if (closed || client !== c) return;
      scheduleReconnect();
    });
    return c
      .connect()
      .then(() => c.query(`LISTEN ${REALTIME_CHANNEL}`))
      .then(() => {
        delay = 100;
        listening = true;
        for (const resolve of waiters.splice(0)) resolve();
        if (!first) handlers.onResync?.();
        first = false;
      });
  };

  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      connect().catch((err) => {
        handlers.onError?.(err);
        delay = Math.min(delay * 2, 10_000);
        client?.end().catch(() => undefined);
        scheduleReconnect();
      });
    }, delay);
    timer.unref();
  };

  connect().catch((err) => {
    handlers.onError?.(err);
    scheduleReconnect();
  });

  return {
    ready: () => (listening ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    close: async () => {
      closed = true;
      if (timer) clearTimeout(timer);
      for (const resolve of waiters.splice(0)) resolve();
      await client?.end().catch(() => undefined);
    },
  };
}
