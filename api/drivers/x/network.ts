/** X as an OAuth network: its connect steps and its driver, on the shared parts (../oauth-network.ts). */
import { createHash } from "node:crypto";
import type { OAuthClientConfig } from "../../env";
import { uploadMedia } from "../../services/account-credentials";
import { checkpointStore, quotaLedger } from "../../services/network-quota";
import { accountFetch, type OAuthNetwork, tokenKeeper } from "../oauth-network";
import { xApi } from "./api";
import { xDriver } from "./driver";
import type { XCheckpoint } from "./entries";
import { xOAuth } from "./oauth";
import { utcDay } from "./usage";

/** A short hash of the OAuth client id: whose calls the ledger counts (an X developer app). */
function appOf(config: OAuthClientConfig): string {
  return createHash("sha256").update(config.clientId).digest("hex").slice(0, 16);
}

export const xNetwork: OAuthNetwork = {
  steps(context) {
    return xOAuth({
      config: context.config,
      redirectUri: context.redirectUri,
      scopes: context.provider.scopes ?? [],
    });
  },
  driver(context, deps, account, waiter) {
    const { provider, config } = context;
    const steps = xOAuth({ config, redirectUri: context.redirectUri, scopes: provider.scopes ?? [] });
    const keeper = tokenKeeper(context, deps, steps.refresh);
    const ledger = quotaLedger(deps, provider.name);
    const project = appOf(config);
    const now = () => deps.clock().getTime();
    return xDriver({
      provider,
      steps,
      keeper,
      account,
      ledger,
      project,
      now,
      checkpoints: checkpointStore<XCheckpoint>(deps),
      media: uploadMedia(deps),
      apiFor: (as) =>
        xApi({
          apiUrl: config.apiUrl,
          fetch: accountFetch(context, deps, as, waiter),
          token: (refused) => keeper.accessToken(as, refused),
          meter: () => ledger.spend(project, utcDay(now()), 1),
        }),
    });
  },
};
