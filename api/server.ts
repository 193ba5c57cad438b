import { type ServerType, serve } from "@hono/node-server";
import { createApp } from "./app";
import { startGraceTicker } from "./billing/grace-ticker";
import type { Clock } from "./clock";
import { systemClock } from "./clock";
import { type OpenDb, openDb } from "./db/client";
import { type DatabaseOutage, databaseOutage } from "./db/outage";
import { DatabaseSetupError } from "./db/pg/client";
import { demoDataFound, seedDemo } from "./db/seed";
import { parseDatabaseUrl } from "./db/url";
import { createDeps } from "./deps";
import { type Env, EnvError } from "./env";
import { createLogger } from "./logger";
import { finishRefusedBodies } from "./refused-body";
import { startScheduler } from "./scheduler";
import { startLiveEntries } from "./services/live-entries";

export type RunningServer = {
  url: string;
  port: number;
  seeded: boolean;
  /** Whether sign-in codes go to the dev mailbox (anything but production) rather than SMTP. */
  devMailbox: boolean;
  close: () => Promise<void>;
};

/**
 * Opens DATABASE_URL. A PostgreSQL server that cannot be reached or refuses (connection, password, missing
 * database, wrong collation) is a configuration error, said in one line with the URL (without its password)
 * rather than as a stack trace.
 */
async function openConfigured(url: string, onIdleError: (err: Error) => void): Promise<OpenDb> {
  try {
    return await openDb(url, { onIdleError });
  } catch (err) {
    const target = parseDatabaseUrl(url);
    const code = (err as { code?: unknown }).code;
    if (target.dialect === "postgresql" && (err instanceof DatabaseSetupError || typeof code === "string")) {
      throw new EnvError(`DATABASE_URL ${target.display}: ${(err as Error).message}`);
    }
    throw err;
  }
}

/**
 * Opens the database (a SQLite file or a PostgreSQL server, migrating it), seeds the demo team on first run and
 * listens.
 */
export async function startServer(env: Env, clock: Clock = systemClock): Promise<RunningServer> {
  const logger = createLogger(env);
  // An idle connection the server dropped (a restart, an outage) is the outage's to tell: once, if it lasts.
  let outage: DatabaseOutage | undefined;
  const { db, close: closeDb } = await openConfigured(env.databaseUrl, (err) => void outage?.refused(err));
  outage = databaseOutage(db, logger);
  if (env.nodeEnv === "production" && !env.seedDemo) {
    const demo = await demoDataFound(db);
    if (demo.length > 0) {
      await closeDb();
      throw new EnvError(
        `this production database holds the demo data (${demo.join(", ")}): anyone knowing the demo invite key ` +
          "joins its team and its administrator's address is public. Start on a fresh DATABASE_URL, or set " +
          "SEED_DEMO=true to run the demo in production on purpose.",
      );
    }
  }
  const { seeded } = env.seedDemo ? await seedDemo(db, clock) : { seeded: false };
  const deps = createDeps({ env, db, clock, logger, outage });
  // On PostgreSQL, hear the other processes' realtime messages before serving a socket.
  await deps.realtime.ready();
  const { app, injectWebSocket } = createApp(deps);
  const server = await new Promise<ServerType>((resolve) => {
    // The rest of a body answered before it was read is handled by finishRefusedBodies, not the library.
    const s = serve(
      {
        fetch: finishRefusedBodies(app.fetch),
        hostname: env.host,
        port: env.port,
        autoCleanupIncoming: false,
      },
      () => resolve(s),
    );
  });
  // A client may drop its connection while the handshake is checked (a page navigating away): Node hands the
  // socket over without an error listener until `ws` takes it, and an unheard ECONNRESET would end the process.
  server.on("upgrade", (_request, socket) => socket.on("error", () => socket.destroy()));
  injectWebSocket(server);
  // Contests start, close and are drawn by the scheduler's jobs, on the server clock (api/scheduler/).
  const stopScheduler = startScheduler(deps, env.schedulerTickMs);
  // A failed payment's grace period ends on the same clock (api/billing/grace.ts).
  const stopGrace = startGraceTicker(deps, env.schedulerTickMs);
  // Entries as they happen: the stream brings a running contest's next load forward (api/services/live-entries.ts).
  const live = env.blueskyStreamUrl ? startLiveEntries(deps, env.blueskyStreamUrl, stopScheduler.wake) : null;
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.port;
  const shownHost = env.host === "0.0.0.0" || env.host === "127.0.0.1" ? "localhost" : env.host;
  return {
    url: `http://${shownHost}:${port}`,
    port,
    seeded,
    devMailbox: env.nodeEnv !== "production",
    close: async () => {
      await live?.stop();
      await stopScheduler();
      await stopGrace();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
      });
      await deps.realtime.close();
      deps.outage.close();
      await closeDb();
    },
  };
}
