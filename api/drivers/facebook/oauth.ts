/**
 * Linking Facebook Pages: Facebook Login (the shared flow's authorization URL, the definition's scopes), the code
 * exchanged for a short-lived user token, at once exchanged for a long-lived one (grant_type fb_exchange_token,
 * about 60 days). Facebook user tokens cannot be refreshed: `refresh` refuses (RefreshRefused), so an expired
 * access asks for a reconnect, and the owner is told before (./expiry.ts). The login's Pages (/me/accounts) are
 * the accounts it may link; the person picks one when there are several, and each keeps the login's id
 * (stored_meta.login_user_id: Meta's deauthorize and data-deletion callbacks name the person by it). The Page's
 * own token, which publishes, is asked for with the user token when needed. Secrets go in form bodies, never in a
 * URL.
 */
import type { OAuthClientConfig } from "../../env";
import { NetworkUnavailable } from "../errors";
import { CodeRefused, OAuthFlow } from "../shared/oauth-client";
import { politeFetch } from "../shared/polite-fetch";
import { type OAuthTokens, RefreshRefused } from "../shared/tokens";
import type { AccountProfile, OAuthSteps } from "../types";
import { type GraphClient, graphClient } from "./graph";
import { type GraphPage, pageProfile } from "./page";

type TokenAnswer = {
  access_token?: string;
  token_type?: string;
  expires_in?: number;
  error?: { message?: string };
};
type Paged<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };

/** The most Pages of one login offered (pages of 100). */
const MAX_PAGES = 10;

export function facebookOAuth(opts: {
  config: OAuthClientConfig;
  redirectUri: string;
  scopes: readonly string[];
  fetch?: typeof globalThis.fetch;
  now?: () => number;
}): OAuthSteps {
  const flow = new OAuthFlow({
    config: opts.config,
    redirectUri: opts.redirectUri,
    scopes: opts.scopes,
    pkce: false,
  });
  const fetch = opts.fetch ?? politeFetch({ retries5xx: 2, timeoutMs: 15_000, maxWaitMs: 3_000 });
  const now = opts.now ?? Date.now;
  const graph = graphClient({ apiUrl: opts.config.apiUrl, fetch });

  const tokenCall = async (form: Record<string, string>, refused: () => Error): Promise<OAuthTokens> => {
    let res: Response;
    try {
      res = await fetch(opts.config.tokenUrl, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: new URLSearchParams({
          client_id: opts.config.clientId,
          client_secret: opts.config.clientSecret,
          ...form,
        }),
      });
    } catch (err) {
      if (err instanceof NetworkUnavailable) throw err;
      throw new NetworkUnavailable("facebook token endpoint unreachable");
    }
    const answer = (await res.json().catch(() => ({}))) as TokenAnswer;
    if (res.status >= 500) throw new NetworkUnavailable(`facebook token endpoint: ${res.status}`);
    if (!res.ok || !answer.access_token) throw refused();
    return {
      access_token: answer.access_token,
      refresh_token: null,
      expires_at:
        typeof answer.expires_in === "number"
          ? new Date(now() + answer.expires_in * 1000).toISOString()
          : null,
      scope: null,
    };
  };

  return {
    pkce: false,
    authorizationUrl: (state) => flow.authorizationUrl(state, null),
    async exchangeCode(code) {
      const short = await tokenCall(
        { code, redirect_uri: opts.redirectUri },
        () => new CodeRefused("facebook refused the code"),
      );
      // The short-lived token (an hour or two) is never kept: the long-lived one replaces it at once.
      return tokenCall(
        { grant_type: "fb_exchange_token", fb_exchange_token: short.access_token },
        () => new CodeRefused("facebook refused the long-lived exchange"),
      );
    },
    async refresh() {
      throw new RefreshRefused("facebook user tokens cannot be refreshed");
    },
    async revoke(token) {
      try {
        await graph.delete("revoke", "me/permissions", token);
      } catch (err) {
        // A token already dead is fine; anything else is the network's.
        if (err instanceof NetworkUnavailable) throw err;
      }
    },
    async publishTargets(tokens): Promise<AccountProfile[]> {
      const { loginId, pages } = await loginPages<GraphPage>(
        graph,
        tokens.access_token,
        "id,name,username,link",
      );
      return pages.map((page) => ({ ...pageProfile(page), stored_meta: { login_user_id: loginId } }));
    },
  };
}

/**
 * The login's id and its Pages (/me/accounts, pages of 100, at most MAX_PAGES of them) with the fields asked:
 * Facebook Pages link them, Instagram through a Page reads each one's instagram_business_account.
 */
export async function loginPages<P>(
  graph: GraphClient,
  token: string,
  fields: string,
): Promise<{ loginId: string; pages: P[] }> {
  const me = await graph.get<{ id?: string }>("me", "me", { fields: "id,name" }, token);
  if (!me.id) throw new NetworkUnavailable("facebook /me answered no id");
  const pages: P[] = [];
  let after: string | undefined;
  for (let n = 0; n < MAX_PAGES; n++) {
    const list = await graph.get<Paged<P>>(
      "me/accounts",
      "me/accounts",
      { fields, limit: 100, after },
      token,
    );
    pages.push(...(list.data ?? []));
    after = list.paging?.cursors?.after;
    if (!list.paging?.next || !after) break;
  }
  return { loginId: me.id, pages };
}
