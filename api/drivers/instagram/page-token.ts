/**
 * The token of an Instagram account linked through a Facebook Page: the Page's own token, asked for with the
 * login's long-lived user token (sealed on the account's row, GET /{page}?fields=access_token) and kept while that
 * user token is the same. A Page token got from a long-lived user token does not expire, but its data access ends
 * with the user token's (about 60 days, not refreshable): the owner is told a week before, as for a Facebook Page
 * (../../services/access-ending.ts), once per driver. A Page token Meta refuses (190) is asked for again once;
 * a user token refused puts the account in the reconnect state (TokenKeeper).
 */

import type { GraphApi } from "../shared/graph-api";
import { PermissionMissing } from "../shared/meta-graph";
import type { TokenKeeper } from "../shared/tokens";
import type { StoredAccount } from "../types";

export type PageTokenOptions = {
  keeper: TokenKeeper;
  /** The Graph API called with the user token (the Page token is asked for with it). */
  userApi: (account: StoredAccount) => GraphApi;
  accessEnding: (account: StoredAccount, endsAt: string) => Promise<unknown>;
};

export function pageTokens(o: PageTokenOptions) {
  const cache = new Map<string, { user: string; page: string }>();
  const told = new Set<string>();
  return async (account: StoredAccount, refused?: string): Promise<string> => {
    const pageId = account.page_id;
    if (!pageId) throw new PermissionMissing(`instagram ${account.external_id}: no Page kept`);
    if (!told.has(account.external_id)) {
      told.add(account.external_id);
      const endsAt = (await o.keeper.stored(account))?.expires_at;
      if (endsAt) await o.accessEnding(account, endsAt);
    }
    const user = await o.keeper.accessToken(account);
    const cached = cache.get(account.external_id);
    if (cached && cached.user === user && cached.page !== refused) return cached.page;
    const got = await o.userApi(account).get<{ access_token?: string }>(pageId, { fields: "access_token" });
    if (!got.access_token) throw new PermissionMissing(`instagram through Page ${pageId}: no Page token`);
    cache.set(account.external_id, { user, page: got.access_token });
    return got.access_token;
  };
}
