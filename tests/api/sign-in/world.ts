/**
 * The sign-in tests' world: the stand-in identity provider on 127.0.0.1 (tests/helpers/oidc-standin.ts), a real
 * app whose GOOGLE_* / LINKEDIN_* / TWITCH_* / TWITTER_* / FACEBOOK_* point at it, and the sign-in driven as a
 * browser does it: the app's 302 to the provider (keeping the `fd_sign_in` cookie), the consent form posted, the
 * provider's 302 back to the callback, the app's 302 to the page (with the session cookie when it opened one).
 */
import { eq } from "drizzle-orm";
import { signInAccounts, users } from "../../../api/db/tables";
import { readEnv } from "../../../api/env";
import { sessionCall } from "../../helpers/api-client";
import { OidcStandIn } from "../../helpers/oidc-standin";
import { consentForm, storedText } from "../../helpers/stored-text";
import { createTestApp } from "../../helpers/test-app";

export const PUBLIC_URL = "http://fairdraw.test";
type Network = "google" | "linkedin" | "twitch" | "twitter" | "facebook";
const PREFIX = {
  google: "GOOGLE",
  linkedin: "LINKEDIN",
  twitch: "TWITCH",
  twitter: "TWITTER",
  facebook: "FACEBOOK",
} as const;

/** Set-Cookie headers as one Cookie header (name=value pairs), the later ones winning. */
function jar(into: Map<string, string>, res: Response): void {
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(";");
    const [name, ...value] = (pair ?? "").split("=");
    if (!name) continue;
    const v = value.join("=");
    if (v === "" || /max-age=0/i.test(line)) into.delete(name.trim());
    else into.set(name.trim(), v);
  }
}
const cookieHeader = (c: Map<string, string>) => [...c].map(([k, v]) => `${k}=${v}`).join("; ");

export type Landing = { location: URL; cookies: Map<string, string>; sessionCookie: string | null };

export async function signInWorld(
  networks: Network[] = ["google", "linkedin", "twitch", "twitter", "facebook"],
) {
  const idp = await new OidcStandIn().start();
  for (const n of networks) idp.redirectUris.add(`${PUBLIC_URL}/api/v1/auth/callback/${n}`);
  const source = { NODE_ENV: "test", ...idp.env(networks.map((n) => PREFIX[n])) };
  const env = readEnv(source);
  const t = await createTestApp({
    env: { publicUrl: PUBLIC_URL, oauth: env.oauth, signIn: env.signIn, networkTimeoutMs: 2_000 },
  });

  /**
   * One sign-in as a browser holding `cookies` (a new browser by default). `start`: the path that starts it;
   * `decision`: the consent; `tamper`: the callback URL before it is followed (a replay, another browser).
   */
  const signIn = async (
    network: Network,
    o: {
      cookies?: Map<string, string>;
      start?: string;
      decision?: "allow" | "deny";
      tamper?: (callback: URL) => URL;
      callbackCookies?: Map<string, string>;
    } = {},
  ): Promise<Landing> => {
    const cookies = o.cookies ?? new Map<string, string>();
    const started = await t.app.request(o.start ?? `/api/v1/auth/sign_in/${network}`, {
      headers: { cookie: cookieHeader(cookies) },
    });
    jar(cookies, started);
    if (started.status !== 302) throw new Error(`start answered ${started.status}: ${await started.text()}`);
    const authorize = started.headers.get("location") ?? "";
    if (!authorize.startsWith(idp.url))
      return { location: new URL(authorize, PUBLIC_URL), cookies, sessionCookie: null };
    const page = await (await fetch(authorize)).text();
    const form = consentForm(page);
    form.set("decision", o.decision ?? "allow");
    const consented = await fetch(`${idp.url}/consent`, { method: "POST", body: form, redirect: "manual" });
    let callback = new URL(consented.headers.get("location") ?? "");
    if (o.tamper) callback = o.tamper(callback);
    const back = o.callbackCookies ?? cookies;
    const landed = await t.app.request(`${callback.pathname}${callback.search}`, {
      headers: { cookie: cookieHeader(back) },
    });
    jar(back, landed);
    if (landed.status !== 302) throw new Error(`callback answered ${landed.status}: ${await landed.text()}`);
    return {
      location: new URL(landed.headers.get("location") ?? "", PUBLIC_URL),
      cookies: back,
      sessionCookie: back.has("fd_session") ? `fd_session=${back.get("fd_session")}` : null,
    };
  };

  /** The signed-in person a landing's session is, as GET /users/me answers. */
  const me = async (landing: Landing) => {
    if (!landing.sessionCookie) return null;
    const res = await t.app.request("/api/v1/users/me", { headers: { cookie: landing.sessionCookie } });
    return res.status === 200
      ? ((await res.json()) as {
          _id: string;
          email: string;
          name: string;
          currentTeam: { plan: string } | null;
        })
      : null;
  };

  /** A session call (CSRF token and all) for the person a landing signed in. */
  const sessionOf = async (landing: Landing) => {
    const cookie = landing.sessionCookie ?? "";
    const csrf = (
      (await (await t.app.request("/api/v1/refresh_csrf", { headers: { cookie } })).json()) as {
        csrf_token: string;
      }
    ).csrf_token;
    return sessionCall(t, cookie, csrf);
  };

  const counts = async () => ({
    users: (await t.db.select().from(users)).length,
    logins: (await t.db.select().from(signInAccounts)).length,
  });
  const loginsOf = (userId: string) =>
    t.db.select().from(signInAccounts).where(eq(signInAccounts.userId, userId));

  /** Everything the database holds (SQLite: its files' bytes; PostgreSQL: every row): no token may be in it. */
  const everythingStored = () => storedText(t);

  return {
    t,
    idp,
    signIn,
    me,
    sessionOf,
    counts,
    loginsOf,
    everythingStored,
    async close() {
      await idp.close();
      await t.cleanup();
    },
  };
}
export type SignInWorld = Awaited<ReturnType<typeof signInWorld>>;
