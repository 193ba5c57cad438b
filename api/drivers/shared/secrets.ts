/**
 * Credentials of linked accounts at rest: AES-256-GCM with a key from ACCOUNT_SECRET_KEY (api/env.ts), a fresh
 * 96-bit nonce per seal, the authentication tag checked on open. What is sealed never reaches an API answer or a
 * log line: only the sealed text is stored (accounts.meta.credentials), and it says nothing without the key.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

const VERSION = "v1";
/** Binds a sealed text to what it is for: it cannot be swapped in for another kind of secret. */
const AAD = Buffer.from("fairdraw:account-credentials:v1");

export class SecretBox {
  readonly #key: Buffer;

  constructor(secretKey: string) {
    // Any text of at least 32 characters (env.ts checks it in production) becomes a 256-bit key.
    this.#key = createHash("sha256").update(secretKey, "utf8").digest();
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
  }

  /** The sealed value; null when it was sealed with another key or altered. */
  open<T>(sealed: string): T | null {
    const [version, data] = sealed.split(".");
    if (version !== VERSION || !data) return null;
    const raw = Buffer.from(data, "base64url");
    if (raw.length < 28) return null;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, raw.subarray(0, 12));
      decipher.setAAD(AAD);
      decipher.setAuthTag(raw.subarray(12, 28));
      const text = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
      return JSON.parse(text) as T;
    } catch {
      return null;
    }
  }
}
