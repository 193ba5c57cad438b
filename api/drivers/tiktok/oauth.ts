/**
 * Linking a TikTok account: Login Kit (./login-kit.ts) with the provider definition's scopes; a TikTok login is
 * one account (no channels to choose among), read by user/info with the new access token.
 */
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { politeFetch } from "../shared/polite-fetch";
import type { OAuthSteps } from "../types";
import { LoginKit } from "./login-kit";
import { type TiktokUser, USER_FIELDS, userProfile } from "./user";

export function tiktokOAuth(opts: {
  config: OAuthClientConfig;
  redirectUri: string;
  scopes: readonly string[];
  now: () => number;
  fetch?: typeof globalThis.fetch;
}): OAuthSteps & { kit: LoginKit } {
  const fetch = opts.fetch ?? politeFetch({ retries5xx: 2, timeoutMs: 15_000, maxWaitMs: 3_000 });
  const kit = new LoginKit({ ...opts, fetch });
  return {
    kit,
    pkce: false,
    authorizationUrl: (state) => kit.authorizationUrl(state),
    exchangeCode: (code) => kit.exchange(code),
    refresh: (token) => kit.refresh(token),
    revoke: (token) => kit.revoke(token),
    async publishTargets(tokens) {
      const url = new URL(`${opts.config.apiUrl}/user/info/`);
      url.searchParams.set("fields", USER_FIELDS);
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${tokens.access_token}`, accept: "application/json" },
      });
      const answer = (await res.json().catch(() => ({}))) as {
        data?: { user?: TiktokUser };
        error?: { code?: string };
      };
      const user = answer.data?.user;
      if (!res.ok || answer.error?.code !== "ok" || !user?.open_id) {
        throw new NetworkUnavailable(`tiktok user/info: ${res.status} ${answer.error?.code ?? ""}`);
      }
      // The grant's scopes, kept on the row (not secret): a personal account's grant lacks comment.list, and
      // the builder says so before a contest needs it (engine/provider.ts unreadableActions).
      const granted = (tokens.scope ?? "").split(/[,\s]+/).filter(Boolean);
      return [{ ...userProfile(user), stored_meta: { granted_scopes: granted } }];
    },
  };
}
