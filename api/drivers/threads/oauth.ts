/**
 * Linking a Threads account: Threads' own OAuth (threads.net/oauth/authorize, comma-separated scopes, no PKCE: the
 * service takes none), the code exchanged for a short-lived token (one hour), at once exchanged for a long-lived
 * one (60 days, `th_exchange_token`), refreshed before its end with `th_refresh_token` (the long-lived token is its
 * own refresh credential: OAuthTokens.refresh_token holds the same token). Threads has no revocation endpoint in
 * its published collection: unlinking drops the sealed token on our side only (docs/decisions/033).
 * Tokens travel in the Authorization header or a form body, never in a URL; the app secret goes where the
 * collection puts it (the exchange's query), which the polite fetch never logs.
 */
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { CodeRefused } from "../shared/oauth-client";
import { politeFetch } from "../shared/polite-fetch";
import { type OAuthTokens, RefreshRefused } from "../shared/tokens";
import type { AccountProfile, OAuthSteps } from "../types";
import { type ThreadsProfile, threadsProfile } from "./profile";

/** The fields of the linking account's profile (the published collection's fields_profile, those we keep). */
export const PROFILE_FIELDS = "id,username,name,threads_profile_picture_url";

type TokenAnswer = { access_token?: string; expires_in?: number; user_id?: string | number };
type GraphProblem = { error?: { code?: number; type?: string; message?: string } };

export function threadsOAuth(opts: {
  config: OAuthClientConfig;
  redirectUri: string;
  scopes: readonly string[];
  now?: () => number;
  fetch?: typeof globalThis.fetch;
}): OAuthSteps {
  const { config } = opts;
  const now = opts.now ?? Date.now;
  const fetch = opts.fetch ?? politeFetch({ retries5xx: 2, timeoutMs: 15_000, maxWaitMs: 3_000 });

  const read = async (res: Response, what: string): Promise<TokenAnswer> => {
    const body = (await res.json().catch(() => ({}))) as TokenAnswer & GraphProblem;
    if (res.ok && typeof body.access_token === "string") return body;
    throw new NetworkUnavailable(`threads ${what}: ${res.status} ${body.error?.code ?? ""}`);
  };
  /** A long-lived token as we keep it: its own refresh credential, its expiry from expires_in. */
  const longLived = (t: TokenAnswer, scope: string | null): OAuthTokens => ({
    access_token: t.access_token as string,
    refresh_token: t.access_token as string,
    expires_at: typeof t.expires_in === "number" ? new Date(now() + t.expires_in * 1000).toISOString() : null,
    scope,
  });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}`, accept: "application/json" });

  return {
    pkce: false,
    authorizationUrl(state) {
      const url = new URL(config.authUrl);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", opts.redirectUri);
      url.searchParams.set("scope", opts.scopes.join(","));
      url.searchParams.set("response_type", "code");
      url.searchParams.set("state", state);
      return url;
    },
    async exchangeCode(code) {
      const res = await fetch(config.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code,
          grant_type: "authorization_code",
          redirect_uri: opts.redirectUri,
        }),
      });
      if (res.status === 400) {
        const problem = (await res.json().catch(() => ({}))) as GraphProblem;
        throw new CodeRefused(`threads code exchange: ${problem.error?.code ?? 400}`);
      }
      const short = await read(res, "code exchange");
      const url = new URL(`${config.apiUrl}/access_token`);
      url.searchParams.set("grant_type", "th_exchange_token");
      url.searchParams.set("client_secret", config.clientSecret);
      const long = await read(
        await fetch(url, { headers: bearer(short.access_token as string) }),
        "long-lived exchange",
      );
      return longLived(long, opts.scopes.join(","));
    },
    async refresh(token) {
      const url = new URL(`${config.apiUrl}/refresh_access_token`);
      url.searchParams.set("grant_type", "th_refresh_token");
      const res = await fetch(url, { headers: bearer(token) });
      if (res.status === 400 || res.status === 401) {
        const problem = (await res.json().catch(() => ({}))) as GraphProblem;
        // 190: the token expired or was revoked; only a new consent helps.
        if (problem.error?.code === 190) throw new RefreshRefused("threads refresh: 190");
      }
      return longLived(await read(res, "token refresh"), null);
    },
    async revoke() {
      // No revocation endpoint is published for Threads: the sealed token is dropped with the account.
    },
    async publishTargets(tokens): Promise<AccountProfile[]> {
      const url = new URL(`${config.apiUrl}/me`);
      url.searchParams.set("fields", PROFILE_FIELDS);
      const res = await fetch(url, { headers: bearer(tokens.access_token) });
      if (!res.ok) throw new NetworkUnavailable(`threads me: ${res.status}`);
      return [threadsProfile((await res.json()) as ThreadsProfile)];
    },
  };
}
