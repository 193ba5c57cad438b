/**
 * How a realtime message reaches every process (docs/decisions/021-postgresql.md, plan step 3). The hub
 * (realtime.ts) keeps the sockets of its own process; what it is asked to do (send to a user or a team, move a
 * user to a team, close a session's or a user's sockets) goes out as a message on the bus, and every process,
 * the sender included, applies the messages it hears to its own sockets.
 * - SQLite (one process): in-process, delivered at once.
 * - PostgreSQL: pg_notify on the pool, heard by one LISTEN connection per process (api/db/pg/notify-bus.ts).
 *   Messages are sent one after the other, in the order the hub was asked. A payload must stay under 8000
 *   bytes: an add_notification larger than that goes out as the notification's id, and each process loads the
 *   row. When the LISTEN connection dropped and came back, messages may have been missed: the hub tells its
 *   sockets to refresh.
 */
import { randomUUID } from "node:crypto";
import { listen, MAX_PAYLOAD_BYTES, publish } from "../db/pg/notify-bus";
import type { Logger } from "../logger";

export type RealtimeEvent =
  | { type: "add_notification"; notification: unknown }
  | { type: "refresh_user" }
  | { type: "load_contest"; contest_id: string };

export type Audience = { userId: string } | { teamId: string };

export type RealtimeMessage =
  | { kind: "send"; to: Audience; event: RealtimeEvent }
  /** An add_notification too large for one NOTIFY: each process loads the notification by id. */
  | { kind: "send_notification"; to: Audience; notificationId: string }
  | { kind: "move"; userId: string; teamId: string | null }
  | { kind: "close_session"; sessionId: string }
  | { kind: "close_user"; userId: string };

/** What a process does with the messages it hears (RealtimeHub). */
export type BusReceiver = {
  deliver(message: RealtimeMessage): void | Promise<void>;
  /** Messages may have been missed: every local socket should reload what it shows. */
  resync(): void;
};

export type RealtimeBus = {
  /** Sends a message to every process (this one included). Never throws: a failure is logged. */
  publish(message: RealtimeMessage): void;
  /** Starts hearing messages; resolves once listening. */
  start(receiver: BusReceiver): Promise<void>;
  /**
   * Resolves once this process heard back every message it published so far (and delivered it to its sockets):
   * what a test awaits before asserting what a socket heard. At once in-process.
   */
  settled(): Promise<void>;
  /** Stops hearing, after the messages already asked for are sent. */
  close(): Promise<void>;
};

/** One process: a message is delivered to this process's sockets at once. */
export function inProcessBus(): RealtimeBus {
  let receiver: BusReceiver | undefined;
  return {
    publish: (message) => void receiver?.deliver(message),
    start: async (r) => {
      receiver = r;
    },
    settled: async () => {},
    close: async () => {
      receiver = undefined;
    },
  };
}

/** The add_notification event's notification id, when the event is one. */
function notificationId(event: RealtimeEvent): string | null {
  if (event.type !== "add_notification") return null;
  const id = (event.notification as { _id?: unknown } | null)?._id;
  return typeof id === "string" ? id : null;
}

/** Room kept in a NOTIFY payload for the envelope (the sender's id and the message's number). */
const ENVELOPE_BYTES = 128;

/** The message as it goes out: an add_notification too large for NOTIFY becomes the notification's id. */
export function fitPayload(message: RealtimeMessage): RealtimeMessage {
  const room = MAX_PAYLOAD_BYTES - ENVELOPE_BYTES;
  if (message.kind !== "send" || Buffer.byteLength(JSON.stringify(message)) <= room) return message;
  const id = notificationId(message.event);
  return id === null ? message : { kind: "send_notification", to: message.to, notificationId: id };
}

type Executor = Parameters<typeof publish>[0];

/** What goes on the channel: the message, with its sender and its number (for `settled`). */
type Envelope = { origin: string; seq: number; message: RealtimeMessage };

/** How long `settled` waits for this process's own messages to come back. */
const SETTLE_TIMEOUT_MS = 10_000;

/**
 * Several processes on one PostgreSQL database: NOTIFY on `db`'s pool, LISTEN on a connection to `url`. An error
 * `outage` answers true for (the database out of reach) is the outage's to log, once (api/db/outage.ts).
 */
export function postgresBus(opts: {
  db: Executor;
  url: string;
  logger: Logger;
  outage?: (err: unknown) => Promise<boolean>;
}): RealtimeBus {
  const { db, url, logger } = opts;
  const warn = (err: unknown, msg: string) =>
    void (opts.outage?.(err) ?? Promise.resolve(false)).then((told) => {
      if (!told) logger.warn({ err }, msg);
    });
  const origin = randomUUID();
  let chain: Promise<void> = Promise.resolve();
  let listener: ReturnType<typeof listen> | undefined;
  // This process's messages: how many it published, and up to which one it heard back and delivered.
  let sent = 0;
  let heard = 0;
  let waiters: { until: number; resolve: () => void }[] = [];
  const hear = (seq: number) => {
    heard = Math.max(heard, seq);
    const ready = waiters.filter((w) => w.until <= heard);
    waiters = waiters.filter((w) => w.until > heard);
    for (const w of ready) w.resolve();
  };
  return {
    publish(message) {
      const envelope: Envelope = { origin, seq: ++sent, message: fitPayload(message) };
      chain = chain
        .then(() => publish(db, envelope))
        .catch((err: unknown) => {
          logger.error({ err, kind: envelope.message.kind }, "realtime: a message could not be sent");
          hear(envelope.seq); // never coming back: nothing to wait for
        });
    },
    async start(receiver) {
      listener = listen(url, {
        onMessage: (payload) => {
          const { origin: from, seq, message } = payload as Envelope;
          Promise.resolve(receiver.deliver(message))
            .catch((err: unknown) => logger.error({ err }, "realtime: a message could not be delivered"))
            .finally(() => {
              if (from === origin) hear(seq);
            });
        },
        onResync: () => {
          logger.warn("realtime: the LISTEN connection came back; the open pages are told to refresh");
          hear(sent); // what was sent meanwhile is lost; the refresh stands for it
          receiver.resync();
        },
        onError: (err) => warn(err, "realtime: LISTEN connection error"),
      });
      await listener.ready();
    },
    settled() {
      const until = sent;
      if (heard >= until) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters = waiters.filter((w) => w !== waiter);
          reject(
            new Error(`realtime: message ${until} of this process not heard back in ${SETTLE_TIMEOUT_MS} ms`),
          );
        }, SETTLE_TIMEOUT_MS);
        const waiter = {
          until,
          resolve: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        waiters.push(waiter);
      });
    },
    async close() {
      await chain;
      await listener?.close();
    },
  };
}
