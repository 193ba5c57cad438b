/**
 * The Threads tests' world: the Threads stand-in on 127.0.0.1 (tests/helpers/threads-standin.ts) holding the
 * brand's user, and the app (on the engine under test), owner and connect flow every OAuth network's tests share
 * (tests/helpers/oauth-world.ts).
 */
import { oauthWorld, PUBLIC_URL } from "../../../helpers/oauth-world";
import { ThreadsStandIn } from "../../../helpers/threads-standin";

export { PUBLIC_URL };
export const CONNECT = "/api/v1/teams/current/accounts/connect/threads";
export const BRAND_USER = "17841400000000001";

/** `clock`: the app's clock, for a test that moves it (the scheduler's ticks); the real time otherwise. */
export async function threadsWorld(opts: { configured?: boolean; clock?: () => Date } = {}) {
  const threads = await new ThreadsStandIn().start();
  threads.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/threads`);
  threads.addUser({ id: BRAND_USER, username: "brand.threads", name: "Brand Threads" });
  const w = await oauthWorld({
    network: "threads",
    standIn: threads,
    consentPath: "/oauth/consent",
    ...opts,
  });
  return {
    ...w,
    threads,
    threadsAccounts: w.networkAccounts,
    async close() {
      await threads.close();
      await w.close();
    },
  };
}

export type ThreadsWorld = Awaited<ReturnType<typeof threadsWorld>>;
