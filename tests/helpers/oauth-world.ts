/**
 * What the API tests of a network linked by OAuth share (tests/api/drivers/<network>/world.ts): a real app whose
 * settings point at the network's stand-in and whose log lines are kept (to look for tokens in them), a signed-in
 * owner on the business plan, the connect flow driven as a browser would (following the 302s, posting the consent
 * page's form), the team's accounts of the network, their rows and drivers. The network's world starts its
 * stand-in, adds what the network holds, and spreads this.
 */
import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import { first } from "../../api/db/query";
import { accounts } from "../../api/db/tables";
import { driverFor, type Waiter } from "../../api/drivers";
import { readEnv } from "../../api/env";
import { storedAccount } from "../../api/services/accounts";
import type { Session } from "./api-client";
import { signIn } from "./api-client";
import { consentForm, storedText } from "./stored-text";
import { createTestApp } from "./test-app";
import { currentTeamId, setPlan } from "./world";

export const PUBLIC_URL = "http://fairdraw.test";

/** An account as the team's list answers it. */
export type ListedAccount = {
  _id: string;
  provider: string;
  external_id: string;
  name: string;
  screen_name: string;
  sandbox: boolean;
  disabled?: boolean;
  meta?: Record<string, unknown>;
};

export async function oauthWorld(o: {
  /** The provider's key in schemas/ ("twitter", "youtube"...). */
  network: string;
  standIn: { url: string; env(): Record<string, string> };
  /** Where the stand-in's consent form posts. */
  consentPath: string;
  configured?: boolean;
  /** Settings added to the stand-in's. */
  env?: Record<string, string>;
  /** The app's clock, for a test that moves it (the scheduler's ticks); the real time otherwise. */
  clock?: () => Date;
}) {
  const connectPath = `/api/v1/teams/current/accounts/connect/${o.network}`;
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
        o.configured === false
          ? {}
          : readEnv({ NODE_ENV: "test", ...o.standIn.env(), ...(o.env ?? {}) }).oauth,
      logLevel: "trace",
      networkTimeoutMs: 1_000,
    },
    logger: pino({ level: "trace" }, sink),
    ...(o.clock ? { clock: o.clock } : {}),
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
   * (`decision`), the network's 302 back to the callback (`tamper` may change it), the app's 302 to the page.
   * Answers that last location.
   */
  const connect = async (
    s: Session = owner,
    c: { decision?: "allow" | "deny"; start?: string; tamper?: (callback: URL) => URL } = {},
  ) => {
    const started = await call(s, "GET", c.start ?? connectPath);
    if (started.status !== 302)
      throw new Error(`connect answered ${started.status}: ${await started.text()}`);
    const authorize = started.headers.get("location") ?? "";
    if (!authorize.startsWith(o.standIn.url)) return new URL(authorize, PUBLIC_URL);
    const html = await (await fetch(authorize)).text();
    const form = consentForm(html);
    form.set("decision", c.decision ?? "allow");
    const consent = await fetch(`${o.standIn.url}${o.consentPath}`, {
      method: "POST",
      body: form,
      redirect: "manual",
    });
    let callback = new URL(consent.headers.get("location") ?? "");
    if (c.tamper) callback = c.tamper(callback);
    const back = await call(s, "GET", `${callback.pathname}${callback.search}`);
    if (back.status !== 302) throw new Error(`callback answered ${back.status}: ${await back.text()}`);
    return new URL(back.headers.get("location") ?? "", PUBLIC_URL);
  };

  /** The team's accounts of the network, as its list answers them. */
  const networkAccounts = async (s: Session = owner) => {
    const res = await call(s, "GET", "/api/v1/teams/current/accounts/list");
    const { data } = (await res.json()) as { data: ListedAccount[] };
    return data.filter((a) => a.provider === o.network);
  };

  const accountRow = async (id: string) => first(t.db.select().from(accounts).where(eq(accounts.id, id)));
  const driverOf = async (id: string, waiter: Waiter = {}) => {
    const row = await accountRow(id);
    const provider = t.deps.catalog.providers.get(o.network);
    if (!row || !provider) throw new Error(`no ${o.network} account`);
    const account = storedAccount(row);
    return { driver: driverFor(provider, t.deps, account, waiter), account, provider };
  };

  /** Every byte stored (SQLite file and WAL, or every PostgreSQL row), every log line and every answer, as text. */
  const everythingStored = async () => [await storedText(t), ...logLines, ...answers].join("\n");

  return {
    t,
    owner,
    teamId,
    logLines,
    call,
    connect,
    networkAccounts,
    accountRow,
    driverOf,
    everythingStored,
    async close() {
      await t.cleanup();
    },
  };
}
