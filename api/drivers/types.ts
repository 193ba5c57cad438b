/**
 * The edge of the outside world: each social network is reached through one driver (decisions.md "Social
 * networks"). Routes never talk to a network themselves; they ask `driverFor(provider, env)` for the driver and
 * store what it answers. For now a driver links and refreshes accounts; publishing, replies, entries and private
 * messages join this interface with their own issue.
 */
import type { ProviderDefinition } from "../catalog";

/** What a network says about an account: the fields the accounts table keeps. */
export type AccountProfile = {
  /** The account's id on the network (numeric text: the builder sends it as publication.account_id). */
  external_id: string;
  name: string;
  screen_name: string;
  /** null: the default profile picture. */
  profile_picture: string | null;
  url: string | null;
  /** A sandbox account: nothing reaches the real network (labelled in the UI). */
  sandbox: boolean;
};

/** Who links an account, for which team, and (when it comes from an invite link) which invite. */
export type LinkRequest = {
  provider: ProviderDefinition;
  team: { id: string; name: string };
  user: { id: string; name: string };
  invite?: { key: string };
  /**
   * The external ids of this network already linked to the team. A driver that lets the person choose an
   * account (an OAuth account chooser, the sandbox) offers one that is not in it.
   */
  linked: readonly string[];
};

/** An account as stored, as much of it as a driver needs to reach it again. */
export type StoredAccount = {
  provider: string;
  external_id: string;
  name: string;
  screen_name: string;
  profile_picture: string | null;
  url: string | null;
  sandbox: boolean;
};

export interface NetworkDriver {
  /** Links an account: the network's answer once the person has granted access. */
  linkAccount(request: LinkRequest): Promise<AccountProfile>;
  /** Reads the account's profile again (name, handle, picture may have changed on the network). */
  refreshAccount(account: StoredAccount): Promise<AccountProfile>;
  /**
   * The team asks for the account to be connected again (its access expired or was revoked). A real driver may
   * drop the stored access here; the owner is told by a notification, not by the driver.
   */
  requestReconnect(account: StoredAccount): Promise<void>;
}
