/**
 * Uploads that a network's servers fetch by URL (issue 23: Instagram's and Threads' media containers, Facebook's
 * photos by url): an upload served without a session at a signed, expiring address under PUBLIC_URL,
 *
 *   {PUBLIC_URL}/api/v1/media/{upload uuid}?expires={unix seconds}&signature={hex HMAC-SHA256}
 *
 * The signature covers the uuid and the expiry, keyed by a key derived from ACCOUNT_SECRET_KEY (its own label, so
 * it can sign nothing else). The bytes are read through the UploadStore, so an object store can serve them later
 * (its own signed URL then, behind the same function). Expired, tampered or unknown: the same 404, nothing told.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { first } from "../db/query";
import { uploads } from "../db/tables";
import type { UploadRow } from "./uploads";

/** An hour: a container is made and fetched within minutes; the address is useless to anyone after. */
export const PUBLIC_MEDIA_TTL_SECONDS = 60 * 60;

export type PublicMediaCheck = "valid" | "expired" | "bad_signature";

function signingKey(accountSecretKey: string): Buffer {
  return createHmac("sha256", accountSecretKey).update("fairdraw public media v1").digest();
}

function signatureOf(key: Buffer, uploadId: string, expires: number): string {
  return createHmac("sha256", key).update(`${uploadId}\n${expires}`).digest("hex");
}

/** The address a network fetches the upload at, valid `ttlSeconds` from `now`. */
export function publicMediaUrl(input: {
  publicUrl: string;
  accountSecretKey: string;
  uploadId: string;
  now: Date;
  ttlSeconds?: number;
}): string {
  const expires = Math.floor(input.now.getTime() / 1000) + (input.ttlSeconds ?? PUBLIC_MEDIA_TTL_SECONDS);
  const signature = signatureOf(signingKey(input.accountSecretKey), input.uploadId, expires);
  const url = new URL(`/api/v1/media/${encodeURIComponent(input.uploadId)}`, input.publicUrl);
  url.searchParams.set("expires", String(expires));
  url.searchParams.set("signature", signature);
  return url.toString();
}

/** Whether an address's expiry and signature are ours and still good; compared in constant time. */
export function checkPublicMedia(input: {
  accountSecretKey: string;
  uploadId: string;
  expires: string | undefined;
  signature: string | undefined;
  now: Date;
}): PublicMediaCheck {
  const expires = Number(input.expires);
  if (!input.expires || !/^\d{1,12}$/.test(input.expires) || !input.signature) return "bad_signature";
  const want = Buffer.from(signatureOf(signingKey(input.accountSecretKey), input.uploadId, expires), "hex");
  const got = Buffer.from(/^[0-9a-f]{64}$/.test(input.signature) ? input.signature : "", "hex");
  if (got.length !== want.length || !timingSafeEqual(got, want)) return "bad_signature";
  return expires * 1000 <= input.now.getTime() ? "expired" : "valid";
}

/** The upload a signed address names, whatever its team (the signature is the permission). */
export async function publicUpload(db: Db, uploadId: string): Promise<UploadRow | undefined> {
  return await first(db.select().from(uploads).where(eq(uploads.id, uploadId)));
}
