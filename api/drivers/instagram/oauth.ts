/**
 * Linking a professional Instagram account with Instagram Login (the `instagram_login` variant of
 * schemas/providers/instagram.json): Instagram's authorization page (scopes comma-separated, no PKCE: Instagram
 * does not take it), the code exchanged at INSTAGRAM_TOKEN_URL for a short-lived token (an hour), at once
 * exchanged for a long-lived one (60 days, `ig_exchange_token`), refreshed before it ends (`ig_refresh_token`,
 * allowed once it is a day old). The long-lived token is its own refresh token: it is kept as both.
 *
 * Meta takes the client secret and the tokens of these two exchanges as query parameters (its documented calls);
 * they go to Meta's own host only and are never logged (the errors name the call, not the URL).
 */
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { graphApi } from "../shared/graph-api";
import { type GraphErrorBody, graphError } from "../shared/meta-graph";
import { CodeRefused } from "../shared/oauth-client";
import { politeFetch } from "../shared/polite-fetch";
import { type OAuthTokens, RefreshRefused } from "../shared/tokens";
import type { AccountProfile, OAuthSteps } from "../types";
import { type IgUser, USER_FIELDS, userProfile } from "./profile";

type ShortLived = { access_token?: string; user_id?: string | number; permissions?: unknown };
type LongLived = { access_token?: string; token_type?: string; expires_in?: number };

/** The host of the unversioned token calls (graph.instagram.com/access_token), from INSTAGRAM_API_URL. */
const graphRoot = (apiUrl: string) => new URL(apiUrl).origin;

export function instagramLoginOAuth(opts: {
  config: OAuthClientConfig;
  redirectUri: string;
  scopes: readonly string[];
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}): OAuthSteps {
  const { config } = opts;
  const fetch = opts.fetch ?? politeFetch({ retries5xx: 2, timeoutMs: 15_000, maxWaitMs: 3_000 });
  const now = opts.now ?? Date.now;

  const longLived = async (path: string, grant: string, token: string, what: string) => {
    const url = new URL(`${graphRoot(config.apiUrl)}/${path}`);
    url.searchParams.set("grant_type", grant);
    if (grant === "ig_exchange_token") url.searchParams.set("client_secret", config.clientSecret);
    url.searchParams.set("access_token", token);
    const res = await fetch(url, { headers: { accept: "application/json" } });
    const body = (await res.json().catch(() => ({}))) as LongLived & GraphErrorBody;
    if (!res.ok || !body.access_token) {
      if (body.error?.code === 190 || res.status === 400) throw new RefreshRefused(`${what}: refused`);
      throw graphError(`instagram ${what}`, res.status, body, res.headers);
    }
    return {
      access_token: body.access_token,
      // The long-lived token refreshes itself.
      refresh_token: body.access_token,
      expires_at:
        typeof body.expires_in === "number" ? new Date(now() + body.expires_in * 1000).toISOString() : null,
      scope: null,
    } satisfies OAuthTokens;
  };

  return {
    pkce: false,
    authorizationUrl(state) {
      const url = new URL(config.authUrl);
      url.searchParams.set("client_id", config.clientId);
      url.searchParams.set("redirect_uri", opts.redirectUri);
      url.searchParams.set("response_type", "code");
      url.searchParams.set("scope", opts.scopes.join(","));
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
          grant_type: "authorization_code",
          redirect_uri: opts.redirectUri,
          code,
        }).toString(),
      });
      const body = (await res.json().catch(() => ({}))) as ShortLived & { data?: ShortLived[] };
      // Meta answers { data: [{ access_token, user_id, permissions }] } (older: the object itself).
      const short = body.data?.[0] ?? body;
      if (res.status === 400) throw new CodeRefused("instagram code exchange refused");
      if (!res.ok || !short.access_token)
        throw new NetworkUnavailable(`instagram code exchange: ${res.status}`);
      try {
        return await longLived("access_token", "ig_exchange_token", short.access_token, "token exchange");
      } catch (err) {
        if (err instanceof RefreshRefused) throw new CodeRefused("instagram long-lived exchange refused");
        throw err;
      }
    },

    refresh: (token) => longLived("refresh_access_token", "ig_refresh_token", token, "token refresh"),

    async revoke(token) {
      // Instagram Login has no revocation call of its own; the Graph API's permissions edge drops the grant.
      const res = await fetch(config.revokeUrl, {
        method: "DELETE",
        headers: { authorization: `Bearer ${token}`, accept: "application/json" },
      });
      if (!res.ok && res.status >= 500) throw new NetworkUnavailable(`instagram revoke: ${res.status}`);
    },

    async publishTargets(tokens): Promise<AccountProfile[]> {
      const api = graphApi({
        network: "instagram",
        apiUrl: config.apiUrl,
        fetch,
        token: async () => tokens.access_token,
      });
      const me = await api.get<IgUser>("me", { fields: USER_FIELDS.join(",") });
      if (me.account_type && me.account_type !== "BUSINESS" && me.account_type !== "MEDIA_CREATOR") return [];
      const profile = userProfile(me);
      // Meta's deauthorize and data-deletion callbacks name the person by the app-scoped id (`id`), not the
      // professional account's (`user_id`, the account's external_id): kept to find the account then.
      return [{ ...profile, stored_meta: { login_variant: "instagram_login", login_user_id: me.id } }];
    },
  };
}
