/**
 * Linking a YouTube channel: Google's OAuth (the shared flow, PKCE S256), offline access and a consent prompt so
 * the first grant comes with a refresh token, the provider definition's scopes; the login's channels
 * (channels.list mine=true) are the accounts it may link, the person picks one when there are several.
 */
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { OAuthFlow } from "../shared/oauth-client";
import { politeFetch } from "../shared/polite-fetch";
import type { OAuthTokens } from "../shared/tokens";
import type { OAuthSteps } from "../types";
import { type ChannelList, channelProfile } from "./channel";
import { QUOTA_COST } from "./quota";

export function youtubeOAuth(opts: {
  config: OAuthClientConfig;
  redirectUri: string;
  scopes: readonly string[];
  fetch?: typeof globalThis.fetch;
  /** Counts the units of the one call made before the account exists (channels.list mine=true). */
  spend?: (units: number) => Promise<void>;
}): OAuthSteps {
  const flow = new OAuthFlow({
    config: opts.config,
    redirectUri: opts.redirectUri,
    scopes: opts.scopes,
    pkce: true,
    authParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
  });
  const fetch = opts.fetch ?? politeFetch({ retries5xx: 2, timeoutMs: 15_000, maxWaitMs: 3_000 });
  return {
    pkce: flow.pkce,
    authorizationUrl: (state, verifier) => flow.authorizationUrl(state, verifier),
    exchangeCode: (code, verifier) => flow.exchange(code, verifier),
    refresh: (token) => flow.refresh(token),
    revoke: (token) => flow.revoke(token),
    async publishTargets(tokens: OAuthTokens) {
      await opts.spend?.(QUOTA_COST["channels.list"]);
      const url = new URL(`${opts.config.apiUrl}/channels`);
      url.searchParams.set("part", "snippet,statistics");
      url.searchParams.set("mine", "true");
      url.searchParams.set("maxResults", "50");
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
      });
      if (!res.ok) {
        throw new NetworkUnavailable(`youtube channels.list mine: ${res.status}`);
      }
      const list = (await res.json()) as ChannelList;
      return (list.items ?? []).map(channelProfile);
    },
  };
}
