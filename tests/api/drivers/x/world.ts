/**
 * The X tests' world: the X stand-in on 127.0.0.1 (tests/helpers/x-standin.ts) holding the brand's user, and the
 * app, owner and connect flow every OAuth network's tests share (tests/helpers/oauth-world.ts).
 */
import { oauthWorld, PUBLIC_URL } from "../../../helpers/oauth-world";
import { XStandIn } from "../../../helpers/x-standin";

export { PUBLIC_URL };
export const CONNECT = "/api/v1/teams/current/accounts/connect/twitter";
export const BRAND = "1500000000000000001";

/** `clock`: the app's clock, for a test that moves it (the scheduler's ticks); the real time otherwise. */
export async function xWorld(opts: { configured?: boolean; clock?: () => Date } = {}) {
  const x = await new XStandIn().start();
  x.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/twitter`);
  x.addUser({
    id: BRAND,
    username: "brand",
    name: "Brand",
    created_at: "2012-05-01T10:00:00.000Z",
    followers: 50_000,
    following: 10,
    tweets: 900,
  });
  x.consentAs = BRAND;
  const w = await oauthWorld({ network: "twitter", standIn: x, consentPath: "/i/oauth2/consent", ...opts });
  return {
    ...w,
    x,
    xAccounts: w.networkAccounts,
    async close() {
      await x.close();
      await w.close();
    },
  };
}

export type XWorld = Awaited<ReturnType<typeof xWorld>>;
