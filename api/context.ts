import type { SessionRow, UserRow } from "./auth/sessions";
import type { Catalog } from "./catalog";
import type { TrustedProxies } from "./client-address";
import type { Clock } from "./clock";
import type { Db } from "./db/client";
import type { DatabaseOutage } from "./db/outage";
import type { teamMembers, teams } from "./db/schema";
import type { Env } from "./env";
import type { Limiter } from "./limits";
import type { Logger } from "./logger";
import type { Mailer } from "./services/mailer";
import type { RealtimeHub } from "./services/realtime";
import type { UploadStore } from "./storage/upload-store";

/** What every route can reach, set once by createApp. */
export type Deps = {
  env: Env;
  db: Db;
  clock: Clock;
  logger: Logger;
  catalog: Catalog;
  mailer: Mailer;
  realtime: RealtimeHub;
  /** Every abuse limit (api/limits.ts). */
  limiter: Limiter;
  /** TRUST_PROXY, read once (api/client-address.ts). */
  proxies: TrustedProxies;
  /** Where uploaded bytes live (api/storage/): UPLOAD_DIR on the local disk. */
  uploads: UploadStore;
  /** Whether the database is out of reach, logged once each way (api/db/outage.ts). */
  outage: DatabaseOutage;
};

export type TeamRow = typeof teams.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;

/** The signed-in user's current team, their membership and what they may do in it. */
export type TeamContext = { team: TeamRow; member: MemberRow; permissions: Record<string, boolean> };

export type AppEnv = {
  Variables: {
    deps: Deps;
    errorUid?: string;
    auth?: { session: SessionRow; user: UserRow };
    team?: TeamContext;
  };
};
