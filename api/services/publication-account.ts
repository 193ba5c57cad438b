/**
 * The number an account is known by in the builder (publication.account_id, a number above 0 in the schemas):
 * an external id that already is such a number (Bluesky's, the sandbox's) is itself; any other (a YouTube
 * channel's `UC…`, an OAuth network's text id) is 52 bits of its SHA-256, below 2^53 so that JSON keeps it exact.
 * One mapping for every network: the builder's account list answers it, and a submitted form's account is found by it.
 */
import { createHash } from "node:crypto";

/** 52 bits of SHA-256(text), as decimal text (Bluesky's external id is this of its DID). */
export function hashedAccountNumber(text: string): string {
  const digest = createHash("sha256").update(text).digest();
  const n = digest.readBigUInt64BE(0) >> 12n;
  // The one case in 2^52 where the bits are all zero would not be above 0.
  return String(n === 0n ? 1n : n);
}

/** publication.account_id of the account with this external id. */
export function publicationAccountId(externalId: string): number {
  const n = /^[1-9][0-9]{0,15}$/.test(externalId) ? Number(externalId) : Number.NaN;
  return Number.isSafeInteger(n) ? n : Number(hashedAccountNumber(externalId));
}

/** Whether a form's publication.account_id names the account with this external id. */
export function isPublicationAccount(accountId: unknown, externalId: string): boolean {
  if (typeof accountId === "string" && accountId === externalId) return true;
  const n =
    typeof accountId === "number"
      ? accountId
      : typeof accountId === "string"
        ? Number(accountId)
        : Number.NaN;
  return n === publicationAccountId(externalId);
}
