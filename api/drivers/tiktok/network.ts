/** TikTok as an OAuth network: its connect steps and its driver, on the shared parts (../oauth-network.ts). */
import { uploadMedia } from "../../services/account-credentials";
import { checkpointStore } from "../../services/network-quota";
import { accountFetch, type OAuthNetwork, tokenKeeper } from "../oauth-network";
import type { PublishRequest } from "../types";
import { tiktokApi } from "./api";
import type { TiktokCheckpoint } from "./comments";
import { tiktokDriver } from "./driver";
import { tiktokOAuth } from "./oauth";
import type { PendingPublishes } from "./publish";

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A publication's publish_id, kept beside the source's entries checkpoint (contests.meta.network_cursors). */
function pendingPublishes(deps: Parameters<typeof checkpointStore>[0]): PendingPublishes {
  const store = checkpointStore<{ publish_id: string }>(deps);
  const slot = (r: PublishRequest) => `${r.source_id}:publish:${r.kind}:${r.key}`;
  return {
    load: async (r) => (await store.load(r.contest_id, slot(r)))?.publish_id ?? null,
    save: (r, publishId) => store.save(r.contest_id, slot(r), { publish_id: publishId }),
  };
}

export const tiktokNetwork: OAuthNetwork = {
  steps(context, deps) {
    return tiktokOAuth({
      config: context.config,
      redirectUri: context.redirectUri,
      scopes: context.provider.scopes ?? [],
      now: () => deps.clock().getTime(),
    });
  },
  driver(context, deps, account, waiter) {
    const { provider, config } = context;
    const steps = tiktokOAuth({
      config,
      redirectUri: context.redirectUri,
      scopes: provider.scopes ?? [],
      now: () => deps.clock().getTime(),
    });
    const keeper = tokenKeeper(context, deps, steps.refresh);
    const privateUntilAudited = provider.capabilities.publishing.private_until_audited === true;
    return tiktokDriver({
      provider,
      steps,
      keeper,
      account,
      checkpoints: checkpointStore<TiktokCheckpoint>(deps),
      publishing: {
        pending: pendingPublishes(deps),
        media: uploadMedia(deps),
        fetch: accountFetch(context, deps, account ?? { external_id: "-" }, waiter),
        privateOnly: privateUntilAudited && config.appAudited !== true,
        // TikTok processes a short video in under a minute: 30 asks 2 s apart (its limit: 30 a minute).
        polls: 30,
        pollMs: 2_000,
        sleep,
      },
      apiFor: (as) =>
        tiktokApi({
          apiUrl: config.apiUrl,
          businessApiUrl: config.businessApiUrl ?? null,
          fetch: accountFetch(context, deps, as, waiter),
          token: (refused) => keeper.accessToken(as, refused),
        }),
    });
  },
};
