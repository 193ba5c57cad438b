/**
 * The Instagram tests' world: the Instagram stand-in on 127.0.0.1 (tests/helpers/instagram-standin.ts), a real
 * app whose INSTAGRAM_* point at it (its log lines kept, to look for tokens in them), a signed-in owner on the
 * business plan, the connect flow driven as a browser does it, and the stand-in fetching public media from the
 * app itself.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { first } from "../../../../api/db/query";
import { accounts } from "../../../../api/db/tables";
import { driverFor } from "../../../../api/drivers";
import { GRAPH_VERSION } from "../../../../api/drivers/shared/meta-graph";
import { readEnv } from "../../../../api/env";
import { storedAccount } from "../../../../api/services/accounts";
import type { Session } from "../../../helpers/api-client";
import { signIn } from "../../../helpers/api-client";
import { InstagramStandIn, type StandInComment } from "../../../helpers/instagram-standin";
import { MetaStandIn } from "../../../helpers/meta-standin";
import { consentForm, storedText } from "../../../helpers/stored-text";
import { createTestApp } from "../../../helpers/test-app";
import { currentTeamId, setPlan } from "../../../helpers/world";

export const CONNECT = "/api/v1/teams/current/accounts/connect/instagram";
export const PUBLIC_URL = "http://fairdraw.test";
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
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const t = await createTestApp({
    env: {
      publicUrl: PUBLIC_URL,
      // `bothWays`: INSTAGRAM_* and FACEBOOK_* both set, as a server offering both ways is.
      oauth: readEnv({
        NODE_ENV: "test",
        ...(throughPage || opts.bothWays ? meta.env() : {}),
        ...(!throughPage || opts.bothWays ? ig.env() : {}),
      }).oauth,
      logLevel: "trace",
      networkTimeoutMs: 1_000,
    },
    logger: pino({ level: "trace" }, sink),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  // Meta's servers fetch the public media URL: here, the app answers it itself.
  ig.fetchMedia = async (url) => {
    const u = new URL(url);
    if (u.origin !== PUBLIC_URL) return new Response("not ours", { status: 404 });
    return t.app.request(`${u.pathname}${u.search}`);
  };
  const owner: Session = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t, owner.userId);
  await setPlan(t, teamId, "business");
  const answers: string[] = [];
  const call = async (s: Session, method: string, p: string, body?: unknown) => {
    const res = await s.call(method, p, body);
    answers.push(`${res.headers.get("location") ?? ""} ${await res.clone().text()}`);
    return res;
  };

  /** The connect flow as a browser does it; answers the app's last location. */
  const connect = async (s: Session = owner, o: { decision?: "allow" | "deny" } = {}) => {
    const started = await call(s, "GET", throughPage ? `${CONNECT}?variant=via_facebook_page` : CONNECT);
    if (started.status !== 302)
      throw new Error(`connect answered ${started.status}: ${await started.text()}`);
    const authorize = started.headers.get("location") ?? "";
    const host = throughPage ? meta.url : ig.url;
    if (!authorize.startsWith(host)) return new URL(authorize, PUBLIC_URL);
    const html = await (await fetch(authorize)).text();
    const form = consentForm(html);
    form.set("decision", o.decision ?? "allow");
    const consentAt = throughPage ? `${meta.url}/${GRAPH_VERSION}/dialog/consent` : `${ig.url}/oauth/consent`;
    const consent = await fetch(consentAt, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    const callback = new URL(consent.headers.get("location") ?? "");
    const back = await call(s, "GET", `${callback.pathname}${callback.search}`);
    if (back.status !== 302) throw new Error(`callback answered ${back.status}: ${await back.text()}`);
    return new URL(back.headers.get("location") ?? "", PUBLIC_URL);
  };

  const instagramAccounts = async (s: Session = owner) => {
    const res = await call(s, "GET", "/api/v1/teams/current/accounts/list");
    const { data } = (await res.json()) as {
      data: {
        _id: string;
        provider: string;
        external_id: string;
        name: string;
        sandbox: boolean;
        disabled?: boolean;
        meta?: Record<string, unknown>;
      }[];
    };
    return data.filter((a) => a.provider === "instagram");
  };

  const accountRow = async (id: string) => first(t.db.select().from(accounts).where(eq(accounts.id, id)));
  const driverOf = async (id: string) => {
    const row = await accountRow(id);
    const provider = t.deps.catalog.providers.get("instagram");
    if (!row || !provider) throw new Error("no instagram account");
    const account = storedAccount(row);
    return { driver: driverFor(provider, t.deps, account), account, provider };
  };
  /** Links the brand account; answers its row id. */
  const linked = async () => {
    await connect();
    const [a] = await instagramAccounts();
    if (!a) throw new Error("not linked");
    return a._id;
  };

  /** Every byte stored (SQLite file and WAL, or every PostgreSQL row), every log line and every answer. */
  const everythingStored = async () => [await storedText(t), ...logLines, ...answers].join("\n");

  /** An Instagram comment's webhook delivery, signed by the app of the way the account was linked. */
  const delivery = (c: StandInComment, account: string) => {
    const made = ig.commentDelivery(c, account);
    return throughPage ? meta.signed(JSON.parse(made.body)) : made;
  };

  return {
    way,
    ig,
    meta,
    delivery,
    /** What either stand-in found wrong in our calls. */
    problems: () => [...ig.problems, ...meta.problems],
    t,
    owner,
    teamId,
    logLines,
    call,
    connect,
    linked,
    instagramAccounts,
    accountRow,
    driverOf,
    everythingStored,
    async close() {
      await ig.close();
      await meta.close();
      await t.cleanup();
    },
  };
}

export type InstagramWorld = Awaited<ReturnType<typeof instagramWorld>>;
