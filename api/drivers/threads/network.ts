/** Threads as an OAuth network: its connect steps and its driver, on the shared parts (../oauth-network.ts). */
import { eventsOfPost } from "../../services/network-events";
import { checkpointStore } from "../../services/network-quota";
import { publicMediaUrl, publicUpload } from "../../services/public-media";
import { accountFetch, type OAuthNetwork, tokenKeeper } from "../oauth-network";
import { graphApi } from "../shared/graph-api";
import { threadsDriver } from "./driver";
import type { ThreadsCheckpoint } from "./entries";
import { threadsOAuth } from "./oauth";
import type { ContainerWait } from "./publishing";
import { threadsWebhook } from "./webhook";

/**
 * A long-lived token lasts 60 days and may be refreshed once it is a day old: it is refreshed when fewer than
 * REFRESH_BEFORE_MS are left, so an account used at least every 50 days never lapses.
 */
export const REFRESH_BEFORE_MS = 10 * 86_400_000;

/** A container is checked up to 10 times, 3 s apart (Meta advises about 30 s for media before publishing). */
export const CONTAINER_WAIT: ContainerWait = { tries: 10, everyMs: 3_000 };

/** Threads' registry entry; a test may wait for containers less long. */
export function threadsNetworkWith(containerWait: ContainerWait): OAuthNetwork {
  return {
    // Meta: a long-lived token lives 60 days; th_refresh_token takes one a day old.
    tokenLife: {
      kind: "ahead",
      beforeMs: REFRESH_BEFORE_MS,
      minAgeMs: 86_400_000,
      lifetimeMs: 60 * 86_400_000,
    },
    steps(context, deps) {
      return threadsOAuth({
        config: context.config,
        redirectUri: context.redirectUri,
        scopes: context.provider.scopes ?? [],
        now: () => deps.clock().getTime(),
      });
    },
    webhook: threadsWebhook,
    driver(context, deps, account, waiter) {
      const { provider, config } = context;
      const now = () => deps.clock().getTime();
      const steps = threadsOAuth({
        config,
        redirectUri: context.redirectUri,
        scopes: provider.scopes ?? [],
        now,
      });
      const keeper = tokenKeeper(context, deps, steps.refresh, { skewMs: REFRESH_BEFORE_MS });
      return threadsDriver({
        provider,
        keeper,
        account,
        now,
        checkpoints: checkpointStore<ThreadsCheckpoint>(deps),
        pushed: (mediaId) => eventsOfPost(deps.db, provider.name, mediaId),
        containerWait,
        mediaUrl: async (uploadId) => {
          // Threads fetches an image by URL: the upload's signed, expiring address under PUBLIC_URL.
          const upload = await publicUpload(deps.db, uploadId);
          if (!upload?.mime.startsWith("image/")) return null;
          return publicMediaUrl({
            publicUrl: deps.env.publicUrl,
            accountSecretKey: deps.env.accountSecretKey,
            uploadId,
            now: deps.clock(),
          });
        },
        apiFor: (as) =>
          graphApi({
            network: "threads",
            postParamsIn: "query",
            apiUrl: config.apiUrl,
            fetch: accountFetch(context, deps, as, waiter),
            token: (refused) => keeper.accessToken(as, refused),
          }),
      });
    },
  };
}

export const threadsNetwork = threadsNetworkWith(CONTAINER_WAIT);
