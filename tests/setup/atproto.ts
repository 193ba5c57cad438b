/**
 * Vitest global setup of the `bluesky` project: the real AT Protocol network (@atproto/dev-env, issue 25), started
 * once for the run (tests/helpers/atproto/network.ts) and stopped at its end. When it cannot start the run fails:
 * the Bluesky tests are never skipped.
 */
import type { TestProject } from "vitest/node";
import { type AtprotoNetwork, startAtprotoNetwork } from "../helpers/atproto/network";

declare module "vitest" {
  export interface ProvidedContext {
    /** The running network (tests/api/bluesky/world.ts reads it). */
    atproto: AtprotoNetwork;
  }
}

export default async function setup(project: TestProject) {
  const started = Date.now();
  const network = await startAtprotoNetwork();
  const { stop, ...urls } = network;
  project.provide("atproto", urls);
  process.stdout.write(
    `\nAT Protocol network (PDS ${urls.pds}, AppView ${urls.appview}) ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  return stop;
}
