/**
 * What a real network answers that the caller must act on, as data: each is an AppError (so a route answers it
 * with its status and never a 500) with a `reason` the scheduler and the routes read.
 * - AccountNeedsReconnect: the account's access is gone (password revoked, credentials unreadable): the account
 *   is marked for reconnecting and its owner told (api/services/account-credentials.ts), nothing is retried.
 * - MessageRefused: the recipient does not take private messages from this account: recorded, not retried.
 * - PostRefused: the network refuses this post for good (X's duplicate content): recorded, not retried.
 * - PostUnavailable: the post was deleted or cannot be read.
 * - ListUnreadable: the network lists an action's entrants only for another kind of account (TikTok's comments:
 *   business accounts): the capability's `requires_scope` is missing from the account's grant.
 * - RateLimited: the network asks to wait longer than a call may; the job is tried again after `waitMs`, a
 *   person's request answers 429 with `retry_after`.
 * - NetworkUnavailable: anything else the network answered (a 5xx, a timeout): the job backs off and retries.
 */
import { AppError } from "../errors";

export class AccountNeedsReconnect extends AppError {
  readonly reason = "reconnect" as const;
  constructor(internal: string) {
    super("conflict", { message: "error.conflict.reconnect", internal });
  }
}

export class MessageRefused extends AppError {
  readonly reason = "message_refused" as const;
  constructor(internal: string) {
    super("conflict", { message: "error.conflict.messageRefused", internal });
  }
}

/**
 * The network refuses this post for good (X: the same text posted before by the account, "duplicate content"):
 * recorded as refused with the reason and never tried again.
 */
export class PostRefused extends AppError {
  readonly reason = "post_refused" as const;
  constructor(internal: string) {
    super("conflict", { message: "error.conflict.postRefused", internal });
  }
}

export class PostUnavailable extends AppError {
  readonly reason = "post_unavailable" as const;
  constructor(internal: string) {
    super("contestNotLoadable", { message: "error.contestNotLoadable.postUnavailable", internal });
  }
}

export class ListUnreadable extends AppError {
  readonly reason = "list_unreadable" as const;
  constructor(
    /** The action kind the account cannot read (comment). */
    readonly action: string,
    internal: string,
  ) {
    super("contestNotLoadable", {
      message: "error.contestNotLoadable.listUnreadable",
      internal,
      extra: { action },
    });
  }
}

export class RateLimited extends AppError {
  readonly reason = "rate_limited" as const;
  constructor(
    /** How long the network asks to wait, in milliseconds (the caller's clock says from when). */
    readonly waitMs: number,
    internal: string,
  ) {
    // A person's request answers 429 with retry_after (whole seconds), as the limiter's refusals do.
    super("tooManyAttempts", {
      message: "error.tooManyAttempts.network",
      internal,
      extra: { retry_after: Math.max(1, Math.ceil(waitMs / 1000)) },
    });
  }
}

export class NetworkUnavailable extends AppError {
  readonly reason = "network_unavailable" as const;
  constructor(internal: string) {
    super("networkUnavailable", { internal });
  }
}
