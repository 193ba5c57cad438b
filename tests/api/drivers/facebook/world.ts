/**
 * The Facebook tests' world: the Meta stand-in on 127.0.0.1 (tests/helpers/meta-standin.ts) with a login owning
 * two Pages, and the OAuth world of tests/helpers/oauth-world.ts pointed at it, its connect flow ending with the
 * pick among the login's Pages when asked.
 */
import { GRAPH_VERSION } from "../../../../api/drivers/shared/meta-graph";
import { MetaStandIn } from "../../../helpers/meta-standin";
import { oauthWorld, PUBLIC_URL } from "../../../helpers/oauth-world";

export { PUBLIC_URL };
export const CONNECT = "/api/v1/teams/current/accounts/connect/facebook";
export const LOGIN_ID = "10223344556677";
export const BRAND_PAGE = {
  id: "104455667788990",
  name: "Brand Café",
  username: "brandcafe",
  link: "https://www.facebook.com/brandcafe",
};
export const SECOND_PAGE = {
  id: "104455667788991",
  name: "Brand Shop",
  username: "brandshop",
  link: "https://www.facebook.com/brandshop",
};

export async function facebookWorld(opts: { pages?: "one" | "two"; clock?: () => Date } = {}) {
  const meta = await new MetaStandIn().start();
  meta.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/facebook`);
  meta.addLogin("olive", LOGIN_ID, opts.pages === "one" ? [BRAND_PAGE] : [BRAND_PAGE, SECOND_PAGE]);
  const world = await oauthWorld({
    network: "facebook",
    standIn: meta,
    consentPath: `/${GRAPH_VERSION}/dialog/consent`,
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const { t, owner, call } = world;

  /** The connect flow as a browser does it; answers the app's last location (and picks `pick` when asked). */
  const connect = async (o: { decision?: "allow" | "deny"; pick?: string } = {}) => {
    const to = await world.connect(owner, o.decision ? { decision: o.decision } : {});
    if (to.searchParams.get("connect") === "choose" && o.pick) {
      const picked = await call(
        owner,
        "POST",
        `/api/v1/accounts/connect/choices/${to.searchParams.get("pick")}`,
        {
          external_id: o.pick,
        },
      );
      if (picked.status !== 200) throw new Error(`pick answered ${picked.status}: ${await picked.text()}`);
    }
    return to;
  };

  /** A webhook delivery to the app, signed as Meta does unless `signature` is given. */
  const deliver = async (body: unknown, signature?: string) => {
    const signed = meta.signed(body);
    return t.app.request("/api/v1/webhooks/facebook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature ?? signed.signature },
      body: signed.body,
    });
  };

  return {
    ...world,
    meta,
    connect,
    deliver,
    async close() {
      await meta.close();
      await world.close();
    },
  };
}

export type FacebookWorld = Awaited<ReturnType<typeof facebookWorld>>;

/** A feed change as Meta's webhook reference writes it. */
export function feedChange(value: Record<string, unknown>, pageId = BRAND_PAGE.id) {
  return {
    object: "page",
    entry: [{ id: pageId, time: 1_780_000_000, changes: [{ field: "feed", value }] }],
  };
}
