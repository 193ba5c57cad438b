/**
 * The TikTok tests' world: the TikTok stand-in on 127.0.0.1 (tests/helpers/tiktok-standin.ts) holding the brand's
 * login (a business account unless `business: false`) and its video, and the app, owner and connect flow every
 * OAuth network's tests share (tests/helpers/oauth-world.ts).
 */
import { oauthWorld, PUBLIC_URL } from "../../../helpers/oauth-world";
import { type StandInLogin, TiktokStandIn } from "../../../helpers/tiktok-standin";

export { PUBLIC_URL };
export const CONNECT = "/api/v1/teams/current/accounts/connect/tiktok";
export const BRAND_OPEN_ID = "723f24d7-e717-40f8-a2b6-cb8464cd23b4";
export const VIDEO = "7380000000000000000";

export async function tiktokWorld(
  opts: { configured?: boolean; business?: boolean; env?: Record<string, string>; clock?: () => Date } = {},
) {
  const { business, ...rest } = opts;
  const tiktok = await new TiktokStandIn().start();
  tiktok.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/tiktok`);
  const brand: StandInLogin = tiktok.addLogin("brand", {
    open_id: BRAND_OPEN_ID,
    username: "brandtok",
    display_name: "Brand Tok",
    business: business ?? true,
    followers: 5400,
    videos: [{ id: VIDEO, description: "Win a bike! Comment to enter", create_time: 1_763_000_000 }],
  });
  const w = await oauthWorld({
    network: "tiktok",
    standIn: tiktok,
    consentPath: "/v2/auth/consent/",
    ...rest,
  });
  return {
    ...w,
    tiktok,
    brand,
    tiktokAccounts: w.networkAccounts,
    async close() {
      await tiktok.close();
      await w.close();
    },
  };
}

export type TiktokWorld = Awaited<ReturnType<typeof tiktokWorld>>;
