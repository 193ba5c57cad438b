/** Facebook Pages as an OAuth network: its connect steps, its driver and its `feed` webhook, on the shared parts. */
import { ACCESS_NOTICE_MS, accessEndingNotice } from "../../services/access-ending";
import { uploadMedia } from "../../services/account-credentials";
import { eventsOfPost } from "../../services/network-events";
import { checkpointStore } from "../../services/network-quota";
import { accountFetch, type OAuthNetwork, tokenKeeper } from "../oauth-network";
import { facebookDriver } from "./driver";
import type { FacebookCheckpoint } from "./entries";
import { graphClient } from "./graph";
import { facebookOAuth } from "./oauth";
import { facebookFeedEvents } from "./webhook";

export const facebookNetwork: OAuthNetwork = {
  // A user token cannot be refreshed: its owner is told a week before it ends.
  tokenLife: { kind: "notice", beforeMs: ACCESS_NOTICE_MS },
  steps(context, deps) {
    return facebookOAuth({
      config: context.config,
      redirectUri: context.redirectUri,
      scopes: context.provider.scopes ?? [],
      now: () => deps.clock().getTime(),
    });
  },
  driver(context, deps, account, waiter) {
    const { provider, config } = context;
    const steps = facebookOAuth({ config, redirectUri: context.redirectUri, scopes: provider.scopes ?? [] });
    return facebookDriver({
      provider,
      steps,
      keeper: tokenKeeper(context, deps, steps.refresh),
      graph: (as) => graphClient({ apiUrl: config.apiUrl, fetch: accountFetch(context, deps, as, waiter) }),
      account,
      media: uploadMedia(deps),
      checkpoints: checkpointStore<FacebookCheckpoint>(deps),
      events: (postId) => eventsOfPost(deps.db, provider.name, postId),
      accessEnding: (as, endsAt) => accessEndingNotice(deps, provider, as, endsAt),
      now: () => deps.clock().getTime(),
    });
  },
  webhook: { events: facebookFeedEvents },
};
