import { randomBytes } from "node:crypto";

/** Opaque 24-hex ids (the shape of the `_id` fields the spec shows). */
export function newId(): string {
  return randomBytes(12).toString("hex");
}
