/**
 * The Instagram tests' world: the Instagram stand-in on 127.0.0.1 (tests/helpers/instagram-standin.ts), the Meta
 * stand-in for the way through a Facebook Page, and the OAuth world of tests/helpers/oauth-world.ts pointed at the
 * way's stand-in, with the Instagram stand-in fetching public media from the app itself.
 */
import { GRAPH_VERSION } from "../../../../api/drivers/shared/meta-graph";
import { InstagramStandIn, type StandInComment } from "../../../helpers/instagram-standin";
import { MetaStandIn } from "../../../helpers/meta-standin";
import { oauthWorld, PUBLIC_URL } from "../../../helpers/oauth-world";

export { PUBLIC_URL };
export const CONNECT = "/api/v1/teams/current/accounts/connect/instagram";
export const BRAND = {
  id: "17841400000000001",
  username: "brandgram",
  name: "Brand Gram",
  account_type: "BUSINESS",
};

/** The Facebook login and the Page the brand's Instagram account is connected to (the way through a Page). */
export const LOGIN_ID = "100000000000042";
export const BRAND_PAGE = {
  id: "200000000000001",
  name: "Brand Page",
  username: "brandpage",
  link: "https://www.facebook.com/brandpage",
  instagram: BRAND.id,
};
export type Way = "instagram_login" | "via_facebook_page";

/**
 * `way`: Instagram Login (INSTAGRAM_* set), or through a Facebook Page (only FACEBOOK_* set: the Meta stand-in
 * answers Facebook Login and the IG endpoints for the Page's token, the Instagram stand-in keeps the IG world).
 * `bothWays`: both clients set, the way linked is still `way`.
 */
export async function instagramWorld(opts: { clock?: () => Date; way?: Way; bothWays?: boolean } = {}) {
  const way = opts.way ?? "instagram_login";
  const ig = await new InstagramStandIn().start();
  ig.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/instagram`);
  ig.addUser(BRAND);
  const meta = await new MetaStandIn().start();
  meta.instagram = ig;
  meta.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/instagram`);
  meta.addLogin("olive", LOGIN_ID, [BRAND_PAGE]);
  const throughPage = way === "via_facebook_page";
  const world = await oauthWorld({
    network: "instagram",
    standIn: throughPage ? meta : ig,
    consentPath: throughPage ? `/${GRAPH_VERSION}/dialog/consent` : "/oauth/consent",
    // `bothWays`: INSTAGRAM_* and FACEBOOK_* both set, as a server offering both ways is.
    ...(opts.bothWays ? { env: throughPage ? ig.env() : meta.env() } : {}),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const { t, owner } = world;
  // Meta's servers fetch the public media URL: here, the app answers it itself.
  ig.fetchMedia = async (url) => {
    const u = new URL(url);
    if (u.origin !== PUBLIC_URL) return new Response("not ours", { status: 404 });
    return t.app.request(`${u.pathname}${u.search}`);
  };

  /** The connect flow as a browser does it, by the world's way; answers the app's last location. */
  const connect = async (s = owner, o: { decision?: "allow" | "deny" } = {}) =>
    world.connect(s, { ...o, start: throughPage ? `${CONNECT}?variant=via_facebook_page` : CONNECT });
  /** Links the brand account; answers its row id. */
  const linked = async () => {
    await connect();
    const [a] = await world.networkAccounts();
    if (!a) throw new Error("not linked");
    return a._id;
  };

  /** An Instagram comment's webhook delivery, signed by the app of the way the account was linked. */
  const delivery = (c: StandInComment, account: string) => {
    const made = ig.commentDelivery(c, account);
    return throughPage ? meta.signed(JSON.parse(made.body)) : made;
  };

  return {
    ...world,
    way,
    ig,
    meta,
    delivery,
    /** What either stand-in found wrong in our calls. */
    problems: () => [...ig.problems, ...meta.problems],
    connect,
    linked,
    async close() {
      await ig.close();
      await meta.close();
      await world.close();
    },
  };
}

export type InstagramWorld = Awaited<ReturnType<typeof instagramWorld>>;
