import { type Catalog, loadCatalog } from "./catalog";
import { trustedProxies } from "./client-address";
import type { Clock } from "./clock";
import type { Deps } from "./context";
import type { Db } from "./db/client";
import { sqliteLimitHits } from "./db/limit-hits";
import type { Env } from "./env";
import { Limiter, readLimits } from "./limits";
import type { Logger } from "./logger";
import { createMailer } from "./services/mailer";
import { RealtimeHub } from "./services/realtime";

let cached: Catalog | undefined;

/** schemas/ is read and compiled once per process. */
export function sharedCatalog(): Catalog {
  cached ??= loadCatalog();
  return cached;
}

export function createDeps(parts: {
  env: Env;
  db: Db;
  clock: Clock;
  logger: Logger;
  catalog?: Catalog;
}): Deps {
  const { env, db, clock, logger } = parts;
  return {
    ...parts,
    catalog: parts.catalog ?? sharedCatalog(),
    mailer: createMailer(env, db, clock, logger),
    realtime: new RealtimeHub(),
    limiter: new Limiter(readLimits(env.limits), clock, sqliteLimitHits(db)),
    proxies: trustedProxies(env.trustProxy),
  };
}
