/**
 * The two ways an Instagram account is linked (login_variants of schemas/providers/instagram.json), where they
 * differ once linked: how the account reads itself, and where a private reply is sent from. Everything else (the
 * IG Media, its comments with replies, the container flow, content_publishing_limit) is the same call on either
 * host.
 */
import type { GraphApi } from "../shared/graph-api";
import type { AccountProfile, StoredAccount } from "../types";
import { PAGE_IG_FIELDS } from "./page-oauth";
import { type IgUser, USER_FIELDS, userProfile } from "./profile";

export type LinkedWay = {
  profile(api: GraphApi, account: StoredAccount): Promise<AccountProfile>;
  messagesPath(account: StoredAccount): string;
};

/** Instagram Login (graph.instagram.com, the account's own token): /me, and /{ig-user}/messages. */
export const INSTAGRAM_LOGIN: LinkedWay = {
  async profile(api) {
    return userProfile(await api.get<IgUser>("me", { fields: USER_FIELDS.join(",") }));
  },
  messagesPath: (account) => `${account.external_id}/messages`,
};

/**
 * Through a Facebook Page (graph.facebook.com, the Page's token): /me is the Page, so the IG User is read by its
 * id (IGUser's fields), and a private reply is the Page's message to the comment (Messenger Platform's Instagram
 * private replies: POST /{page}/messages, recipient.comment_id).
 */
export const THROUGH_PAGE: LinkedWay = {
  async profile(api, account) {
    return userProfile(await api.get<IgUser>(account.external_id, { fields: PAGE_IG_FIELDS.join(",") }));
  },
  messagesPath: (account) => `${account.page_id ?? account.external_id}/messages`,
};
