/**
 * Instagram as an OAuth network, both ways: Instagram Login (graph.instagram.com, the account's token), or through a
 * Facebook Page (`via_facebook_page`: Facebook Login on the Facebook app's client, graph.facebook.com, the Page's
 * token): its connect steps and its driver, on the shared parts.
 */
import { inArray } from "drizzle-orm";
import { uploads } from "../../db/tables";
import { ACCESS_NOTICE_MS, accessEndingNotice } from "../../services/access-ending";
import { oauthTokenRow } from "../../services/account-credentials";
import { eventsOfPost } from "../../services/network-events";
import { checkpointStore } from "../../services/network-quota";
import { publicMediaUrl } from "../../services/public-media";
import { accountFetch, type OAuthNetwork, type OAuthNetworkContext, tokenKeeper } from "../oauth-network";
import { graphApi } from "../shared/graph-api";
import { SecretBox } from "../shared/secrets";
import { TokenKeeper } from "../shared/tokens";
import type { StoredAccount } from "../types";
import { instagramDriver } from "./driver";
import type { InstagramCheckpoint } from "./entries";
import { instagramLoginOAuth } from "./oauth";
import { instagramPageOAuth, VIA_PAGE } from "./page-oauth";
import { pageTokens } from "./page-token";
import { INSTAGRAM_LOGIN, THROUGH_PAGE } from "./ways";
import { instagramWebhookEvents } from "./webhook";

/**
 * A long-lived token lives 60 days and may be refreshed once it is a day old: it is refreshed when it has less
 * than ten days left, so an account used at least every fifty days never lapses.
 */
export const REFRESH_BEFORE_MS = 10 * 86_400_000;

/** Facebook Login for Instagram through a Page: the variant's permissions, on Facebook's client (context.config). */
function pageSteps(context: OAuthNetworkContext, now: () => number) {
  return instagramPageOAuth({
    config: context.config,
    redirectUri: context.redirectUri,
    scopes: context.variant?.scopes ?? [],
    now,
  });
}

export const instagramNetwork: OAuthNetwork = {
  // Meta: a long-lived token lives 60 days; graph.instagram.com/refresh_access_token takes one a day old.
  tokenLife: {
    kind: "ahead",
    beforeMs: REFRESH_BEFORE_MS,
    minAgeMs: 86_400_000,
    lifetimeMs: 60 * 86_400_000,
  },
  // Through a Page the token kept is the login's Facebook user token: it cannot be refreshed, its owner is told.
  wayTokenLife: { [VIA_PAGE]: { kind: "notice", beforeMs: ACCESS_NOTICE_MS } },
  // The `comments` webhook: the shared route (api/routes/meta-webhooks.ts) stores its events once each.
  webhook: { events: instagramWebhookEvents },
  steps(context, deps) {
    if (context.variant?.id === VIA_PAGE) return pageSteps(context, () => deps.clock().getTime());
    return instagramLoginOAuth({
      config: context.config,
      redirectUri: context.redirectUri,
      scopes: context.provider.scopes ?? [],
      now: () => deps.clock().getTime(),
    });
  },
  driver(context, deps, account, waiter) {
    const { provider, config } = context;
    const now = () => deps.clock().getTime();
    const throughPage = context.variant?.id === VIA_PAGE;
    const steps = throughPage
      ? pageSteps(context, now)
      : instagramLoginOAuth({ config, redirectUri: context.redirectUri, scopes: provider.scopes ?? [], now });
    // Instagram Login's token is refreshed ten days ahead; a Facebook user token cannot be (its refresh refuses).
    const keeper = throughPage
      ? tokenKeeper(context, deps, steps.refresh)
      : new TokenKeeper(
          new SecretBox(deps.env.accountSecretKey),
          oauthTokenRow(deps, provider.display_name),
          steps.refresh,
          { now, skewMs: REFRESH_BEFORE_MS },
        );
    const api = (as: StoredAccount, token: (refused?: string) => Promise<string>) =>
      graphApi({
        network: "instagram",
        apiUrl: config.apiUrl,
        fetch: accountFetch(context, deps, as, waiter),
        token,
      });
    const pageToken = pageTokens({
      keeper,
      userApi: (as) => api(as, (refused) => keeper.accessToken(as, refused)),
      accessEnding: (as, endsAt) => accessEndingNotice(deps, provider, as, endsAt),
    });
    return instagramDriver({
      way: throughPage ? THROUGH_PAGE : INSTAGRAM_LOGIN,
      provider,
      steps,
      keeper,
      account,
      now,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      checkpoints: checkpointStore<InstagramCheckpoint>(deps),
      events: (mediaId) => eventsOfPost(deps.db, provider.name, mediaId),
      async publicMedia(ids) {
        if (ids.length === 0) return [];
        const rows = await deps.db.select().from(uploads).where(inArray(uploads.id, ids));
        return ids.flatMap((id) => {
          const row = rows.find((r) => r.id === id);
          if (!row) return [];
          const url = publicMediaUrl({
            publicUrl: deps.env.publicUrl,
            accountSecretKey: deps.env.accountSecretKey,
            uploadId: id,
            now: deps.clock(),
          });
          return [{ url, mime: row.mime }];
        });
      },
      apiFor: (as) =>
        api(as, (refused) => (throughPage ? pageToken(as, refused) : keeper.accessToken(as, refused))),
    });
  },
};
