/** YouTube as an OAuth network: its connect steps and its driver, on the shared parts (../oauth-network.ts). */
import { createHash } from "node:crypto";
import type { OAuthClientConfig } from "../../env";
import { checkpointStore, quotaExceededNotice, quotaLedger } from "../../services/network-quota";
import { accountFetch, type OAuthNetwork, tokenKeeper } from "../oauth-network";
import { youtubeApi } from "./api";
import { youtubeDriver } from "./driver";
import type { YoutubeCheckpoint } from "./entries";
import { youtubeOAuth } from "./oauth";
import { quotaDay } from "./quota";

/** A short hash of the OAuth client id: whose quota (a Google Cloud project) the ledger counts. */
function projectOf(config: OAuthClientConfig): string {
  return createHash("sha256").update(config.clientId).digest("hex").slice(0, 16);
}

export const youtubeNetwork: OAuthNetwork = {
  steps(context, deps) {
    const ledger = quotaLedger(deps, context.provider.name);
    return youtubeOAuth({
      config: context.config,
      redirectUri: context.redirectUri,
      scopes: context.provider.scopes ?? [],
      spend: (units) => ledger.spend(projectOf(context.config), quotaDay(deps.clock().getTime()), units),
    });
  },
  driver(context, deps, account, waiter) {
    const { provider, config } = context;
    const steps = youtubeOAuth({
      config,
      redirectUri: context.redirectUri,
      scopes: provider.scopes ?? [],
    });
    const now = () => deps.clock().getTime();
    const keeper = tokenKeeper(context, deps, steps.refresh);
    const ledger = quotaLedger(deps, provider.name);
    const project = projectOf(config);
    return youtubeDriver({
      provider,
      config,
      steps,
      keeper,
      ledger,
      project,
      account,
      now,
      checkpoints: checkpointStore<YoutubeCheckpoint>(deps),
      apiFor: (as) =>
        youtubeApi({
          apiUrl: config.apiUrl,
          fetch: accountFetch(context, deps, as, waiter),
          token: (refused) => keeper.accessToken(as, refused),
          ledger,
          project,
          now,
          onQuotaExceeded: (resetsAt) => quotaExceededNotice(deps, provider, as, resetsAt),
        }),
    });
  },
};
