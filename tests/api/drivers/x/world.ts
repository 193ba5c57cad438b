/**
 * The X tests' world: the X stand-in on 127.0.0.1 (tests/helpers/x-standin.ts), a real app whose TWITTER_* point
 * at it and whose log lines are kept (to look for tokens in them), a signed-in owner on the business plan, and the
 * connect flow driven as a browser would (following the 302s, the consent page's form).
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
import { consentForm, storedText } from "../../../helpers/stored-text";
import { createTestApp } from "../../../helpers/test-app";
import { currentTeamId, setPlan } from "../../../helpers/world";
import { XStandIn } from "../../../helpers/x-standin";

export const CONNECT = "/api/v1/teams/current/accounts/connect/twitter";
export const PUBLIC_URL = "http://fairdraw.test";
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
      oauth: opts.configured === false ? {} : readEnv({ NODE_ENV: "test", ...x.env() }).oauth,
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

  /** The connect flow as a browser does it; answers the app's last location. */
  const connect = async (s: Session = owner, o: { decision?: "allow" | "deny" } = {}) => {
    const started = await call(s, "GET", CONNECT);
    if (started.status !== 302)
      throw new Error(`connect answered ${started.status}: ${await started.text()}`);
    const authorize = started.headers.get("location") ?? "";
    if (!authorize.startsWith(x.url)) return new URL(authorize, PUBLIC_URL);
    const html = await (await fetch(authorize)).text();
    const form = consentForm(html);
    form.set("decision", o.decision ?? "allow");
    const consent = await fetch(`${x.url}/i/oauth2/consent`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    const callback = new URL(consent.headers.get("location") ?? "");
    const back = await call(s, "GET", `${callback.pathname}${callback.search}`);
    if (back.status !== 302) throw new Error(`callback answered ${back.status}: ${await back.text()}`);
    return new URL(back.headers.get("location") ?? "", PUBLIC_URL);
  };

  const xAccounts = async (s: Session = owner) => {
    const res = await call(s, "GET", "/api/v1/teams/current/accounts/list");
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
    return data.filter((a) => a.provider === "twitter");
  };

  const accountRow = async (id: string) => first(t.db.select().from(accounts).where(eq(accounts.id, id)));
  const driverOf = async (id: string) => {
    const row = await accountRow(id);
    const provider = t.deps.catalog.providers.get("twitter");
    if (!row || !provider) throw new Error("no x account");
    const account = storedAccount(row);
    return { driver: driverFor(provider, t.deps, account), account, provider };
  };

  /** Every byte stored (SQLite file and WAL, or every PostgreSQL row), every log line and every answer, as text. */
  const everythingStored = async () => [await storedText(t), ...logLines, ...answers].join("\n");

  return {
    x,
    t,
    owner,
    teamId,
    logLines,
    call,
    connect,
    xAccounts,
    accountRow,
    driverOf,
    everythingStored,
    async close() {
      await x.close();
      await t.cleanup();
    },
  };
}

export type XWorld = Awaited<ReturnType<typeof xWorld>>;
