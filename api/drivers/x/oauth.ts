/**
 * Linking an X account: OAuth 2.0 authorization code with PKCE S256 (the shared flow), the provider definition's
 * scopes (offline.access: a refresh token, which X rotates at every refresh), the confidential client's Basic
 * credentials at the token and revocation endpoints. The login is one account (GET /2/users/me).
 */
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { OAuthFlow } from "../shared/oauth-client";
import { politeFetch } from "../shared/polite-fetch";
import type { OAuthTokens } from "../shared/tokens";
import type { OAuthSteps } from "../types";
import { USER_FIELDS, userProfile, type XUser } from "./user";

export function xOAuth(opts: {
  config: OAuthClientConfig;
  redirectUri: string;
  scopes: readonly string[];
  fetch?: typeof globalThis.fetch;
}): OAuthSteps {
  const flow = new OAuthFlow({
    config: opts.config,
    redirectUri: opts.redirectUri,
    scopes: opts.scopes,
    pkce: true,
    // X answers a spent, revoked or unknown refresh token with invalid_request, not invalid_grant.
    refusedRefreshCodes: ["invalid_grant", "invalid_request"],
  });
  const fetch = opts.fetch ?? politeFetch({ retries5xx: 2, timeoutMs: 15_000, maxWaitMs: 3_000 });
  return {
    pkce: flow.pkce,
    authorizationUrl: (state, verifier) => flow.authorizationUrl(state, verifier),
    exchangeCode: (code, verifier) => flow.exchange(code, verifier),
    refresh: (token) => flow.refresh(token),
    revoke: (token) => flow.revoke(token),
    async publishTargets(tokens: OAuthTokens) {
      const url = new URL(`${opts.config.apiUrl}/users/me`);
      url.searchParams.set("user.fields", USER_FIELDS);
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
      });
      if (!res.ok) throw new NetworkUnavailable(`x users/me: ${res.status}`);
      const me = (await res.json()) as { data?: XUser };
      return me.data ? [userProfile(me.data)] : [];
    },
  };
}
