/**
 * One error type for the API, one status map, one body shape (decisions.md "API conventions").
 * The internal message (logged) is kept apart from the text the user sees.
 */
import { randomBytes } from "node:crypto";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { catalogChain } from "../engine/messages/catalogs";
import { formatMessage } from "../engine/messages/format";
import type { MessageValues } from "../engine/messages/types";
import { requestLocale } from "./locale";

export const ERROR_STATUS = {
  badRequest: 400,
  unauthenticated: 401,
  teamFrozen: 402,
  permissionsForbidden: 403,
  csrfTokenMismatch: 403,
  planNotSupported: 403,
  maxMembersExceeded: 403,
  maxAccountsExceeded: 403,
  cantDeleteYourDefaultTeam: 403,
  cantTransferYourDefaultTeam: 403,
  forbiddenInDemoMode: 403,
  upgradeToDownloadEntries: 403,
  upgradeToPerformTestDraws: 403,
  draftsQuotaExceeded: 403,
  templatesQuotaExceeded: 403,
  contestsQuotaExceeded: 403,
  importsQuotaExceeded: 403,
  notFound: 404,
  conflict: 409,
  inviteNotActive: 409,
  contestNoLongerEditable: 409,
  contestNotUpdatable: 409,
  contestNotDeletable: 409,
  mergeIntoItself: 409,
  mergeNotClassic: 409,
  mergeAlreadyMerged: 409,
  mergeContestFinished: 409,
  mergeSamePost: 409,
  contestNotLoadable: 409,
  contestNotClosed: 409,
  contestAlreadyDrawn: 409,
  entriesNotLoaded: 409,
  payloadTooLarge: 413,
  storageQuotaExceeded: 413,
  unsupportedMediaType: 415,
  rangeNotSatisfiable: 416,
  validation: 422,
  tooManyAttempts: 429,
  serverError: 500,
  /** A social network did not answer (api/drivers/errors.ts NetworkUnavailable). */
  networkUnavailable: 503,
  /** Stripe is not configured (no STRIPE_SECRET_KEY): nothing can be bought online (decisions.md "Payments"). */
  billingNotConfigured: 404,
  /** The offer or plan has no price in that currency (or billing:sync has not made it yet). */
  offerNotSold: 409,
  /** Stripe did not answer or refused the call. */
  billingUnavailable: 503,
  /** The database cannot be reached (api/db/outage.ts): answered with Retry-After. */
  databaseUnavailable: 503,
} as const satisfies Record<string, ContentfulStatusCode>;

export type ErrorKey = keyof typeof ERROR_STATUS;

/** Field path (dotted, decisions.md) → messages, first one shown. */
export type FieldErrors = Record<string, string[]>;

export type AppErrorOptions = {
  /** The message of schemas/messages the user reads (default `error.<key>`), and its values. */
  message?: string;
  values?: MessageValues;
  /** What the log keeps (default: the message key). */
  internal?: string;
  errors?: FieldErrors;
  /** More fields for the body (e.g. limit_date of a frozen team). */
  extra?: Record<string, unknown>;
};

/**
 * An error the API answers with: a key (its status), and a message key with values, never a sentence. The error
 * handler writes the message in the request's language (errorBody).
 */
export class AppError extends Error {
  readonly key: ErrorKey;
  readonly messageKey: string;
  readonly values: MessageValues | undefined;
  readonly errors: FieldErrors | undefined;
  readonly extra: Record<string, unknown> | undefined;

  constructor(key: ErrorKey, opts: AppErrorOptions = {}) {
    const messageKey = opts.message ?? `error.${key}`;
    super(opts.internal ?? messageKey);
    this.key = key;
    this.messageKey = messageKey;
    this.values = opts.values;
    this.errors = opts.errors;
    this.extra = opts.extra;
  }

  get status(): ContentfulStatusCode {
    return ERROR_STATUS[this.key];
  }
}

/** The one way a route refuses a request (kept for its callers: the same as `new AppError`). */
export function refuse(
  key: ErrorKey,
  opts: { message?: string; values?: MessageValues; extra?: Record<string, unknown> } = {},
): AppError {
  return new AppError(key, opts);
}

export function newErrorUid(): string {
  return randomBytes(8).toString("hex");
}

export type ErrorBody =
  | { error: "validation"; message: string; errors: FieldErrors }
  | { error: string; message: string; uid: string; [extra: string]: unknown };

/** The decisions.md error body, its message in the request's language. */
export function errorBody(c: Context, err: AppError, uid: string): ErrorBody {
  const message = formatMessage(catalogChain(requestLocale(c)), err.messageKey, err.values);
  if (err.key === "validation") {
    return { error: "validation", message, errors: err.errors ?? {} };
  }
  return { ...err.extra, error: err.key, message, uid };
}
