/**
 * The Facebook tests' world: the Meta stand-in on 127.0.0.1 (tests/helpers/meta-standin.ts) with a login owning
 * two Pages, a real app whose FACEBOOK_* point at it (its log lines kept, to look for tokens in them), a signed-in
 * owner on the business plan, and the connect flow driven as a browser does it (the 302s, the consent form, the
 * pick among the login's Pages).
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { first } from "../../../../api/db/query";
import { accounts } from "../../../../api/db/tables";
import { driverFor } from "../../../../api/drivers";
import { readEnv } from "../../../../api/env";
import { storedAccount } from "../../../../api/services/accounts";
import type { Session } from "../../../helpers/api-client";
import { signIn } from "../../../helpers/api-client";
import { MetaStandIn } from "../../../helpers/meta-standin";
import { consentForm, storedText } from "../../../helpers/stored-text";
import { createTestApp } from "../../../helpers/test-app";
import { currentTeamId, setPlan } from "../../../helpers/world";

export const CONNECT = "/api/v1/teams/current/accounts/connect/facebook";
export const PUBLIC_URL = "http://fairdraw.test";
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
      oauth: readEnv({ NODE_ENV: "test", ...meta.env() }).oauth,
      logLevel: "trace",
      networkTimeoutMs: 1_000,
    },
    logger: pino({ level: "trace" }, sink),
    ...(opts.clock ? { clock: opts.clock } : {}),
  });
  const owner: Session = await signIn(t, "olive@brand.example", "Olive");
  const teamId = await currentTeamId(t, owner.userId);
  await setPlan(t, teamId, "business");
  const answers: string[] = [];
  const call = async (s: Session, method: string, p: string, body?: unknown) => {
    const res = await s.call(method, p, body);
    answers.push(`${res.headers.get("location") ?? ""} ${await res.clone().text()}`);
    return res;
  };

  /** The connect flow as a browser does it; answers the app's last location (and picks `pick` when asked). */
  const connect = async (o: { decision?: "allow" | "deny"; pick?: string } = {}) => {
    const started = await call(owner, "GET", CONNECT);
    if (started.status !== 302)
      throw new Error(`connect answered ${started.status}: ${await started.text()}`);
    const authorize = started.headers.get("location") ?? "";
    if (!authorize.startsWith(meta.url)) return new URL(authorize, PUBLIC_URL);
    const html = await (await fetch(authorize)).text();
    const form = consentForm(html);
    form.set("decision", o.decision ?? "allow");
    const action = html.match(/<form method="post" action="([^"]+)"/)?.[1] ?? "";
    const consent = await fetch(`${meta.url}${action}`, { method: "POST", body: form, redirect: "manual" });
    const callback = new URL(consent.headers.get("location") ?? "");
    const back = await call(owner, "GET", `${callback.pathname}${callback.search}`);
    if (back.status !== 302) throw new Error(`callback answered ${back.status}: ${await back.text()}`);
    const to = new URL(back.headers.get("location") ?? "", PUBLIC_URL);
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

  const facebookAccounts = async () => {
    const res = await call(owner, "GET", "/api/v1/teams/current/accounts/list");
    const { data } = (await res.json()) as {
      data: {
        _id: string;
        provider: string;
        external_id: string;
        name: string;
        sandbox: boolean;
        disabled?: boolean;
      }[];
    };
    return data.filter((a) => a.provider === "facebook");
  };

  const accountRow = async (id: string) => first(t.db.select().from(accounts).where(eq(accounts.id, id)));
  const driverOf = async (id: string) => {
    const row = await accountRow(id);
    const provider = t.deps.catalog.providers.get("facebook");
    if (!row || !provider) throw new Error("no facebook account");
    const account = storedAccount(row);
    return { driver: driverFor(provider, t.deps, account), account, provider };
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

  /** Every byte stored (SQLite file and WAL, or every PostgreSQL row), every log line and every answer, as text. */
  const everythingStored = async () => [await storedText(t), ...logLines, ...answers].join("\n");

  return {
    meta,
    t,
    owner,
    teamId,
    logLines,
    call,
    connect,
    deliver,
    facebookAccounts,
    accountRow,
    driverOf,
    everythingStored,
    async close() {
      await meta.close();
      await t.cleanup();
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
