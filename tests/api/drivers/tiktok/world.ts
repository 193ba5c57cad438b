/**
 * The TikTok tests' world: the TikTok stand-in on 127.0.0.1 (tests/helpers/tiktok-standin.ts), a real app whose
 * TIKTOK_* point at it and whose log lines are kept (to look for tokens in them), a signed-in owner on the
 * business plan, and the connect flow driven as a browser would (the 302s, the consent page's form).
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { first } from "../../../../api/db/query";
import { accounts } from "../../../../api/db/tables";
import { driverFor, type Waiter } from "../../../../api/drivers";
import { readEnv } from "../../../../api/env";
import { storedAccount } from "../../../../api/services/accounts";
import type { Session } from "../../../helpers/api-client";
import { signIn } from "../../../helpers/api-client";
import { consentForm, storedText } from "../../../helpers/stored-text";
import { createTestApp } from "../../../helpers/test-app";
import { type StandInLogin, TiktokStandIn } from "../../../helpers/tiktok-standin";
import { currentTeamId, setPlan } from "../../../helpers/world";

export const CONNECT = "/api/v1/teams/current/accounts/connect/tiktok";
export const PUBLIC_URL = "http://fairdraw.test";
export const BRAND_OPEN_ID = "723f24d7-e717-40f8-a2b6-cb8464cd23b4";
export const VIDEO = "7380000000000000000";

export async function tiktokWorld(
  opts: { configured?: boolean; business?: boolean; env?: Record<string, string>; clock?: () => Date } = {},
) {
  const tiktok = await new TiktokStandIn().start();
  tiktok.redirectUris.add(`${PUBLIC_URL}/api/v1/accounts/callback/tiktok`);
  const brand: StandInLogin = tiktok.addLogin("brand", {
    open_id: BRAND_OPEN_ID,
    username: "brandtok",
    display_name: "Brand Tok",
    business: opts.business ?? true,
    followers: 5400,
    videos: [{ id: VIDEO, description: "Win a bike! Comment to enter", create_time: 1_763_000_000 }],
  });
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
      oauth:
        opts.configured === false
          ? {}
          : readEnv({ NODE_ENV: "test", ...tiktok.env(), ...(opts.env ?? {}) }).oauth,
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
  const connect = async (
    s: Session = owner,
    o: { decision?: "allow" | "deny"; tamper?: (callback: URL) => URL } = {},
  ) => {
    const started = await call(s, "GET", CONNECT);
    if (started.status !== 302)
      throw new Error(`connect answered ${started.status}: ${await started.text()}`);
    const authorize = started.headers.get("location") ?? "";
    if (!authorize.startsWith(tiktok.url)) return new URL(authorize, PUBLIC_URL);
    const html = await (await fetch(authorize)).text();
    const form = consentForm(html);
    form.set("decision", o.decision ?? "allow");
    const consent = await fetch(`${tiktok.url}/v2/auth/consent/`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    let callback = new URL(consent.headers.get("location") ?? "");
    if (o.tamper) callback = o.tamper(callback);
    const back = await call(s, "GET", `${callback.pathname}${callback.search}`);
    if (back.status !== 302) throw new Error(`callback answered ${back.status}: ${await back.text()}`);
    return new URL(back.headers.get("location") ?? "", PUBLIC_URL);
  };

  const tiktokAccounts = async (s: Session = owner) => {
    const res = await call(s, "GET", "/api/v1/teams/current/accounts/list");
    const { data } = (await res.json()) as {
      data: {
        _id: string;
        provider: string;
        external_id: string;
        name: string;
        screen_name: string;
        sandbox: boolean;
        disabled?: boolean;
      }[];
    };
    return data.filter((a) => a.provider === "tiktok");
  };

  const accountRow = async (id: string) => first(t.db.select().from(accounts).where(eq(accounts.id, id)));
  const driverOf = async (id: string, waiter: Waiter = {}) => {
    const row = await accountRow(id);
    const provider = t.deps.catalog.providers.get("tiktok");
    if (!row || !provider) throw new Error("no tiktok account");
    const account = storedAccount(row);
    return { driver: driverFor(provider, t.deps, account, waiter), account, provider };
  };

  /** Every byte stored (SQLite file and WAL, or every PostgreSQL row), every log line and every answer. */
  const everythingStored = async () => [await storedText(t), ...logLines, ...answers].join("\n");

  return {
    tiktok,
    brand,
    t,
    owner,
    teamId,
    call,
    connect,
    tiktokAccounts,
    accountRow,
    driverOf,
    everythingStored,
    async close() {
      await tiktok.close();
      await t.cleanup();
    },
  };
}

export type TiktokWorld = Awaited<ReturnType<typeof tiktokWorld>>;
