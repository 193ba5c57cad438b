/**
 * The YouTube tests' world: the Google stand-in on 127.0.0.1 (tests/helpers/google-standin.ts), a real app (on the
 * engine under test) whose YOUTUBE_* point at it and whose log lines are kept (to look for tokens in them), a
 * signed-in owner on the business plan, and the connect flow driven as a browser would (following the 302s, the
 * consent page's form).
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
import { GoogleStandIn } from "../../../helpers/google-standin";
import { consentForm, storedText } from "../../../helpers/stored-text";
import { createTestApp } from "../../../helpers/test-app";
import { currentTeamId, setPlan } from "../../../helpers/world";

export const CONNECT = "/api/v1/teams/current/accounts/connect/youtube";
export const PUBLIC_URL = "http://fairdraw.test";
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
      oauth: opts.configured === false ? {} : readEnv({ NODE_ENV: "test", ...google.env() }).oauth,
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

  /**
   * The connect flow as a browser does it: the app's 302 to the authorization page, the consent form posted
   * (`decision`), the network's 302 back to the callback, the app's 302 to the page. Answers that last location.
   */
  const connect = async (
    s: Session = owner,
    o: { decision?: "allow" | "deny"; start?: string; tamper?: (callback: URL) => URL } = {},
  ) => {
    const started = await call(s, "GET", o.start ?? CONNECT);
    if (started.status !== 302)
      throw new Error(`connect answered ${started.status}: ${await started.text()}`);
    const authorize = started.headers.get("location") ?? "";
    if (!authorize.startsWith(google.url)) return new URL(authorize, PUBLIC_URL);
    const page = await fetch(authorize);
    const html = await page.text();
    const form = consentForm(html);
    form.set("decision", o.decision ?? "allow");
    const consent = await fetch(`${google.url}/o/oauth2/v2/consent`, {
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

  const youtubeAccounts = async (s: Session = owner) => {
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
    return data.filter((a) => a.provider === "youtube");
  };

  const accountRow = async (id: string) => first(t.db.select().from(accounts).where(eq(accounts.id, id)));
  const driverOf = async (id: string) => {
    const row = await accountRow(id);
    const provider = t.deps.catalog.providers.get("youtube");
    if (!row || !provider) throw new Error("no youtube account");
    const account = storedAccount(row);
    return { driver: driverFor(provider, t.deps, account), account, provider };
  };

  /** Every byte stored (SQLite file and WAL, or every PostgreSQL row), every log line and every answer, as text. */
  const everythingStored = async () => [await storedText(t), ...logLines, ...answers].join("\n");

  return {
    google,
    t,
    owner,
    teamId,
    logLines,
    call,
    connect,
    youtubeAccounts,
    accountRow,
    driverOf,
    everythingStored,
    async close() {
      await google.close();
      await t.cleanup();
    },
  };
}

export type YoutubeWorld = Awaited<ReturnType<typeof youtubeWorld>>;
