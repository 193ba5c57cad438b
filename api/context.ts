import type { Clock } from "./clock";
import type { Db } from "./db/client";
import type { Env } from "./env";
import type { Logger } from "./logger";

/** What every route can reach, set once by createApp. */
export type Deps = { env: Env; db: Db; clock: Clock; logger: Logger };

export type AppEnv = { Variables: { deps: Deps; errorUid?: string } };
