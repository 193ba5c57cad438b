/**
 * An OAuth account's tokens, sealed on its row (accounts.meta.credentials, SecretBox), handed to a driver fresh:
 * an access token that expires within `skewMs` is refreshed first. Refresh tokens may rotate (each refresh answers
 * a new one and the old one dies), so two processes refreshing at once must not both spend the same one: a
 * refresh is claimed on the row first (TokenRow.claim: only if the row still holds these sealed tokens and nobody
 * else's claim is running), and the new tokens replace the old ones only if the row still holds the old ones
 * (TokenRow.swap). A process that finds the refresh claimed waits for the other's new tokens. A refresh the
 * network refuses (invalid_grant: revoked, expired) marks the account for reconnecting and tells its owner
 * (TokenRow.revoked), as Bluesky's refused app password does. No token is ever logged or put in an error's text.
 */
import { AccountNeedsReconnect, NetworkUnavailable } from "../errors";
import type { StoredAccount } from "../types";
import type { SecretBox } from "./secrets";

export type OAuthTokens = {
  access_token: string;
  /** null: the network gave none (then the account is reconnected when the access token expires). */
  refresh_token: string | null;
  /** ISO date; null: the network did not say. */
  expires_at: string | null;
  scope: string | null;
};

/** The network refused the refresh token itself (invalid_grant): only a new consent helps. */
export class RefreshRefused extends Error {}

/** Where the sealed tokens live (api/services/account-credentials.ts: the accounts row). */
export interface TokenRow {
  read(account: StoredAccount): Promise<string | null>;
  /** Claims the refresh of `sealed` until `until` (ISO); false when the row changed or another claim runs. */
  claim(account: StoredAccount, sealed: string, until: string, now: string): Promise<boolean>;
  /**
   * Writes `to` (and drops the claim) if the row still holds `from`; false otherwise. `expiresAt`: the new
   * tokens' expiry, kept in clear beside them (not a secret) so the scheduler finds the tokens near their end.
   */
  swap(account: StoredAccount, from: string, to: string, expiresAt?: string | null): Promise<boolean>;
  /** The access is gone: the reconnect state and the owner's notification. */
  revoked(account: StoredAccount): Promise<void>;
}

export type TokenKeeperOptions = {
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Refreshed when it expires within this (default 60 s). */
  skewMs?: number;
  /** How long a refresh claim holds (default 30 s: a stopped process's claim is taken over after it). */
  leaseMs?: number;
  /** How often, and how many times, a process waits for another's refresh (default 250 ms, 40 times). */
  waitMs?: number;
  waits?: number;
};

export class TokenKeeper {
  readonly #o: Required<TokenKeeperOptions>;
  constructor(
    readonly box: SecretBox,
    readonly row: TokenRow,
    readonly refresh: (refreshToken: string) => Promise<OAuthTokens>,
    opts: TokenKeeperOptions = {},
  ) {
    this.#o = {
      now: Date.now,
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      skewMs: 60_000,
      leaseMs: 30_000,
      waitMs: 250,
      waits: 40,
      ...opts,
    };
  }

  /** The sealed form of tokens, as the account's row keeps them (stored_meta.credentials at link time). */
  seal(tokens: OAuthTokens): string {
    return this.box.seal(tokens);
  }

  /** The tokens as stored (for revoking on unlink); null when unreadable. */
  async stored(account: StoredAccount): Promise<OAuthTokens | null> {
    const sealed = await this.row.read(account);
    return sealed ? this.box.open<OAuthTokens>(sealed) : null;
  }

  /**
   * A usable access token. `refused`: the token the network just answered 401 to (it is refreshed even if its
   * expiry says it is still good).
   */
  async accessToken(account: StoredAccount, refused?: string): Promise<string> {
    const o = this.#o;
    for (let wait = 0; wait <= o.waits; wait++) {
      const sealed = await this.row.read(account);
      const tokens = sealed ? this.box.open<OAuthTokens>(sealed) : null;
      if (!sealed || !tokens) return this.#gone(account, "no readable tokens");
      const expires = tokens.expires_at ? Date.parse(tokens.expires_at) : Number.POSITIVE_INFINITY;
      if (tokens.access_token !== refused && expires - o.skewMs > o.now()) return tokens.access_token;
      if (!tokens.refresh_token) return this.#gone(account, "access token expired and no refresh token");
      const now = o.now();
      if (!(await this.row.claim(account, sealed, iso(now + o.leaseMs), iso(now)))) {
        // Another process is refreshing these tokens (or just did): read its result.
        await o.sleep(o.waitMs);
        continue;
      }
      let fresh: OAuthTokens;
      try {
        fresh = await this.refresh(tokens.refresh_token);
      } catch (err) {
        // The claim is dropped (the same tokens written back) so that the next try does not wait for it.
        await this.row.swap(account, sealed, sealed);
        if (err instanceof RefreshRefused) return this.#gone(account, "refresh token refused");
        if (err instanceof NetworkUnavailable) throw err;
        throw new NetworkUnavailable(`token refresh: ${err instanceof Error ? err.name : "failed"}`);
      }
      const next: OAuthTokens = { ...fresh, refresh_token: fresh.refresh_token ?? tokens.refresh_token };
      if (await this.row.swap(account, sealed, this.box.seal(next), next.expires_at))
        return next.access_token;
      // Our claim ran out and another process wrote its tokens: theirs are the row's now.
    }
    throw new NetworkUnavailable("token refresh by another process did not finish");
  }

  async #gone(account: StoredAccount, why: string): Promise<never> {
    await this.row.revoked(account);
    throw new AccountNeedsReconnect(`${account.provider} account ${account.external_id}: ${why}`);
  }
}

const iso = (ms: number) => new Date(ms).toISOString();
