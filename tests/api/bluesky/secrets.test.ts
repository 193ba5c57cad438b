/** Sealed credentials (AES-256-GCM), the production key requirement, and how a 429's wait is read. */

import { TID } from "@atproto/common-web";
import { describe, expect, it } from "vitest";
import { recordKeyOf, timeOfTid } from "../../../api/drivers/bluesky/record-key";
import { waitOf } from "../../../api/drivers/shared/polite-fetch";
import { SecretBox } from "../../../api/drivers/shared/secrets";
import { EnvError, readEnv } from "../../../api/env";

const KEY = "0123456789abcdef0123456789abcdef";

describe("SecretBox", () => {
  it("opens what it sealed, never shows it in the sealed text, and refuses another key or an altered text", () => {
    const box = new SecretBox(KEY);
    const value = { identifier: "brand.bsky.social", app_password: "abcd-efgh-ijkl-mnop" };
    const sealed = box.seal(value);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("abcd-efgh");
    expect(box.seal(value)).not.toBe(sealed);
    expect(box.open(sealed)).toEqual(value);
    expect(new SecretBox(`${KEY}x`).open(sealed)).toBeNull();
    const flipped = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}${sealed.slice(-1)}`;
    expect(box.open(flipped)).toBeNull();
    expect(box.open("")).toBeNull();
  });
});

describe("ACCOUNT_SECRET_KEY and BLUESKY_SERVICE_URL", () => {
  const production = { NODE_ENV: "production", SMTP_URL: "smtp://x", SHORTLINK_SECRET: KEY };
  it("requires a key of at least 32 characters in production", () => {
    expect(() => readEnv(production)).toThrow(/ACCOUNT_SECRET_KEY/);
    expect(() => readEnv({ ...production, ACCOUNT_SECRET_KEY: "short" })).toThrow(EnvError);
    expect(readEnv({ ...production, ACCOUNT_SECRET_KEY: KEY }).accountSecretKey).toBe(KEY);
  });
  it("defaults the service to bsky.social and refuses what is not an http(s) URL", () => {
    expect(readEnv({}).blueskyServiceUrl).toBe("https://bsky.social");
    expect(() => readEnv({ BLUESKY_SERVICE_URL: "ftp://x" })).toThrow(/BLUESKY_SERVICE_URL/);
  });
});

describe("rate limits and record keys", () => {
  it("reads retry-after in seconds or as a date, else ratelimit-reset", () => {
    const now = Date.parse("2026-11-20T10:00:00.000Z");
    expect(waitOf(new Headers({ "retry-after": "7" }), now)).toBe(7000);
    expect(waitOf(new Headers({ "retry-after": "Fri, 20 Nov 2026 10:00:30 GMT" }), now)).toBe(30_000);
    expect(waitOf(new Headers({ "ratelimit-reset": String(now / 1000 + 12) }), now)).toBe(12_000);
    expect(waitOf(new Headers({}), now)).toBeNull();
  });
  it("gives a publication the same TID record key every time, dated when it was recorded, and another one to another publication", () => {
    const recorded_at = "2026-11-28T06:00:00.123Z";
    const key = { contest_id: "c", source_id: "s", kind: "main" as const, key: "main", recorded_at };
    expect(recordKeyOf(key)).toMatch(/^[2-7a-j][2-7a-z]{12}$/);
    expect(recordKeyOf(key)).toBe(recordKeyOf({ ...key }));
    expect(timeOfTid(recordKeyOf(key))).toBe(Date.parse(recorded_at));
    expect(recordKeyOf({ ...key, key: "r1" })).not.toBe(recordKeyOf(key));
    // atproto's own TID parser reads the same moment.
    expect(Math.floor(TID.fromStr(recordKeyOf(key)).timestamp() / 1000)).toBe(Date.parse(recorded_at));
    // Without a recorded time (outside publishOnce): the time now.
    expect(timeOfTid(recordKeyOf({ ...key, recorded_at: undefined }, () => 1_795_000_000_000))).toBe(
      1_795_000_000_000,
    );
  });
});
