/**
 * Vitest global setup of the `bluesky` projects (on SQLite and on PostgreSQL): the real AT Protocol network
 * (@atproto/dev-env, issue 25), started once for the run (tests/helpers/atproto/network.ts) and stopped at its
 * end. The projects of one run share it: vitest runs each project's global setup in its own module instance, so
 * the running network is kept on globalThis with the number of projects using it. When it cannot start the run
 * fails: the Bluesky tests are never skipped.
 */
import type { TestProject } from "vitest/node";
import { type AtprotoNetwork, startAtprotoNetwork } from "../helpers/atproto/network";

declare module "vitest" {
  export interface ProvidedContext {
    /** The running network (tests/api/bluesky/world.ts reads it). */
    atproto: AtprotoNetwork;
  }
}

type Shared = { network: ReturnType<typeof startAtprotoNetwork>; users: number };
const holder = globalThis as { fairdrawAtproto?: Shared };

export default async function setup(project: TestProject) {
  const started = Date.now();
  if (!holder.fairdrawAtproto) {
    holder.fairdrawAtproto = { network: startAtprotoNetwork(), users: 0 };
  }
  const shared = holder.fairdrawAtproto;
  shared.users++;
  const { stop, ...urls } = await shared.network;
  project.provide("atproto", urls);
  process.stdout.write(
    `\nAT Protocol network (PDS ${urls.pds}, AppView ${urls.appview}) ready for ${project.name} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return async () => {
    shared.users--;
    if (shared.users > 0) return;
    holder.fairdrawAtproto = undefined;
    await stop();
  };
}
