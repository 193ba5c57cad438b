/** Instagram as an OAuth network (Instagram Login): its connect steps and its driver, on the shared parts. */
import { inArray } from "drizzle-orm";
import { uploads } from "../../db/tables";
import { oauthTokenRow } from "../../services/account-credentials";
import { eventsOfPost } from "../../services/network-events";
import { checkpointStore } from "../../services/network-quota";
import { publicMediaUrl } from "../../services/public-media";
import { accountFetch, type OAuthNetwork } from "../oauth-network";
import { graphApi } from "../shared/graph-api";
import { SecretBox } from "../shared/secrets";
import { TokenKeeper } from "../shared/tokens";
import { instagramDriver } from "./driver";
import type { InstagramCheckpoint } from "./entries";
import { instagramLoginOAuth } from "./oauth";
import { instagramWebhookEvents } from "./webhook";

/**
 * A long-lived token lives 60 days and may be refreshed once it is a day old: it is refreshed when it has less
 * than ten days left, so an account used at least every fifty days never lapses.
 */
export const REFRESH_BEFORE_MS = 10 * 86_400_000;

export const instagramNetwork: OAuthNetwork = {
  // Meta: a long-lived token lives 60 days; graph.instagram.com/refresh_access_token takes one a day old.
  tokenLife: {
    kind: "ahead",
    beforeMs: REFRESH_BEFORE_MS,
    minAgeMs: 86_400_000,
    lifetimeMs: 60 * 86_400_000,
  },
  // The `comments` webhook: the shared route (api/routes/meta-webhooks.ts) stores its events once each.
  webhook: { events: instagramWebhookEvents },
  steps(context, deps) {
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
    const steps = instagramLoginOAuth({
      config,
      redirectUri: context.redirectUri,
      scopes: provider.scopes ?? [],
      now,
    });
    const keeper = new TokenKeeper(
      new SecretBox(deps.env.accountSecretKey),
      oauthTokenRow(deps, provider.display_name),
      steps.refresh,
      { now, skewMs: REFRESH_BEFORE_MS },
    );
    return instagramDriver({
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
        graphApi({
          network: "instagram",
          apiUrl: config.apiUrl,
          fetch: accountFetch(context, deps, as, waiter),
          token: (refused) => keeper.accessToken(as, refused),
        }),
    });
  },
};
