import { eq } from "drizzle-orm";
import { type Catalog, loadCatalog } from "./catalog";
import { trustedProxies } from "./client-address";
import type { Clock } from "./clock";
import type { Deps } from "./context";
import { type Db, dialectOf, type SqliteDb } from "./db/client";
import { pgLimitHits, sqliteLimitHits } from "./db/limit-hits";
import { type DatabaseOutage, databaseOutage } from "./db/outage";
import { first } from "./db/query";
import { notifications } from "./db/tables";
import { parseDatabaseUrl } from "./db/url";
import { setSandboxDelay } from "./drivers/sandbox";
import type { Env } from "./env";
import { Limiter, readLimits } from "./limits";
import type { Logger } from "./logger";
import { createMailer } from "./services/mailer";
import { notificationShape } from "./services/notifications";
import { RealtimeHub } from "./services/realtime";
import { postgresBus } from "./services/realtime-bus";
import { diskUploadStore } from "./storage/disk-upload-store";

let cached: Catalog | undefined;

/** schemas/ is read and compiled once per process. */
export function sharedCatalog(): Catalog {
  cached ??= loadCatalog();
  return cached;
}

/** The realtime bus of this process: PostgreSQL's LISTEN/NOTIFY when it serves a PostgreSQL database. */
function realtimeHub(env: Env, db: Db, logger: Logger, outage: DatabaseOutage): RealtimeHub {
  const target = parseDatabaseUrl(env.databaseUrl);
  if (dialectOf(db) !== "postgresql" || target.dialect !== "postgresql") return new RealtimeHub();
  return new RealtimeHub({
    bus: postgresBus({ db, url: target.url, logger, outage: (err) => outage.refused(err) }),
    // A notification too large for NOTIFY travels as its id; each process reads it back, as the list shows it.
    loadNotification: async (id) => {
      const row = await first(db.select().from(notifications).where(eq(notifications.id, id)).limit(1));
      return row ? notificationShape(row, null) : undefined;
    },
  });
}

export function createDeps(parts: {
  env: Env;
  db: Db;
  clock: Clock;
  logger: Logger;
  catalog?: Catalog;
  /** The server's, made before the database opened (its idle connections report to it). */
  outage?: DatabaseOutage;
}): Deps {
  const { env, db, clock, logger } = parts;
  setSandboxDelay(env.sandboxDriverDelayMs);
  const outage = parts.outage ?? databaseOutage(db, logger);
  const hits = dialectOf(db) === "postgresql" ? pgLimitHits(db) : sqliteLimitHits(db as unknown as SqliteDb);
  return {
    ...parts,
    catalog: parts.catalog ?? sharedCatalog(),
    mailer: createMailer(env, db, clock, logger),
    realtime: realtimeHub(env, db, logger, outage),
    limiter: new Limiter(readLimits(env.limits), clock, hits),
    proxies: trustedProxies(env.trustProxy),
    uploads: diskUploadStore(env.uploadDir),
    outage,
  };
}
