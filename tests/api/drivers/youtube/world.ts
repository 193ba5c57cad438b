/**
 * The YouTube tests' world: the Google stand-in on 127.0.0.1 (tests/helpers/google-standin.ts) holding the brand's
 * channel and its video, and the app (on the engine under test), owner and connect flow every OAuth network's tests
 * share (tests/helpers/oauth-world.ts).
 */
import { GoogleStandIn } from "../../../helpers/google-standin";
import { oauthWorld, PUBLIC_URL } from "../../../helpers/oauth-world";

export { PUBLIC_URL };
export const CONNECT = "/api/v1/teams/current/accounts/connect/youtube";
export const BRAND_CHANNEL = "UCbrandbrandbrandbrand01";
export const VIDEO = "vidBrand001";

/** `clock`: the app's clock, for a test that moves it (the scheduler's ticks); the real time otherwise. */
export async function youtubeWorld(opts: { configured?: boolean; clock?: () => Date } = {}) {
  const google = await new GoogleStandIn().start();
  google.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/youtube`);
  google.addChannel("brand", {
    id: BRAND_CHANNEL,
    title: "Brand TV",
    handle: "brandtv",
    publishedAt: "2015-03-01T10:00:00Z",
    subscribers: 12000,
    videos: [VIDEO],
  });
  const w = await oauthWorld({
    network: "youtube",
    standIn: google,
    consentPath: "/o/oauth2/v2/consent",
    ...opts,
  });
  return {
    ...w,
    google,
    youtubeAccounts: w.networkAccounts,
    async close() {
      await google.close();
      await w.close();
    },
  };
}

export type YoutubeWorld = Awaited<ReturnType<typeof youtubeWorld>>;
