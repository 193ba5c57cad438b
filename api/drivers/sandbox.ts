/**
 * The sandbox network (decisions.md "Social networks"): the driver used when no credentials are configured for a
 * network. It links an account at once, without leaving the app, and answers the same thing every time for the
 * same request, so a person (or a test) can rehearse the whole flow and predict what they will see.
 */
import type { ProviderDefinition } from "../catalog";
import type { AccountProfile, LinkRequest, NetworkDriver, StoredAccount } from "./types";

/** Sandbox external ids are SANDBOX_ID_BASE + n: numeric like a network's, far from any seeded or real one. */
export const SANDBOX_ID_BASE = 9_000_000_000;

/** The n-th sandbox account of a network: "Sandbox <network> <n>", @sandbox_<provider>_<n>. */
export function sandboxProfile(provider: ProviderDefinition, n: number): AccountProfile {
  const screenName = `sandbox_${provider.name}_${n}`;
  const profileUrl = typeof provider.profile_url === "string" ? provider.profile_url : null;
  return {
    external_id: String(SANDBOX_ID_BASE + n),
    name: `Sandbox ${provider.display_name} ${n}`,
    screen_name: screenName,
    profile_picture: null,
    url: profileUrl ? profileUrl.replace("{screen_name}", screenName) : null,
    sandbox: true,
  };
}

export const sandboxDriver: NetworkDriver = {
  /** The first sandbox account of the network that the team has not linked yet: 1, then 2, ... */
  async linkAccount(request: LinkRequest) {
    const taken = new Set(request.linked);
    let n = 1;
    while (taken.has(String(SANDBOX_ID_BASE + n))) n++;
    return sandboxProfile(request.provider, n);
  },
  /** Nothing changes on the sandbox network: the account reads as it was stored. */
  async refreshAccount(account: StoredAccount) {
    return {
      external_id: account.external_id,
      name: account.name,
      screen_name: account.screen_name,
      profile_picture: account.profile_picture,
      url: account.url,
      sandbox: account.sandbox,
    };
  },
  /** A sandbox account holds no access to drop. */
  async requestReconnect() {},
};
