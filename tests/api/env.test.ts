import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "../../api/env";

describe("readEnv", () => {
  it("has the documented defaults", () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      port: 3000,
      databaseUrl: "./data/fairdraw.db",
      uploadDir: "./data/uploads",
      nodeEnv: "development",
      publicUrl: "http://localhost:3000",
    });
  });

  it("refuses a port that is not a whole number in range", () => {
    expect(() => readEnv({ PORT: "http" })).toThrow(EnvError);
    expect(() => readEnv({ PORT: "70000" })).toThrow(/PORT/);
  });

  it("refuses an unknown NODE_ENV or LOG_LEVEL by name", () => {
    expect(() => readEnv({ NODE_ENV: "staging" })).toThrow(/NODE_ENV/);
    expect(() => readEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });

  it("reads the scheduler's tick and claim timeout, and the sandbox delay outside production only", () => {
    expect(readEnv({})).toMatchObject({
      schedulerTickMs: 15_000,
      claimTimeoutMs: 300_000,
      sandboxDriverDelayMs: 0,
    });
    expect(
      readEnv({ SCHEDULER_TICK_MS: "200", CLAIM_TIMEOUT_MS: "3000", SANDBOX_DRIVER_DELAY_MS: "500" }),
    ).toMatchObject({ schedulerTickMs: 200, claimTimeoutMs: 3000, sandboxDriverDelayMs: 500 });
    expect(() => readEnv({ SCHEDULER_TICK_MS: "soon" })).toThrow(/SCHEDULER_TICK_MS/);
    expect(() => readEnv({ CLAIM_TIMEOUT_MS: "-1" })).toThrow(/CLAIM_TIMEOUT_MS/);
    expect(() => readEnv({ CLAIM_TIMEOUT_MS: "1.5" })).toThrow(/CLAIM_TIMEOUT_MS/);
    const production = {
      NODE_ENV: "production",
      SMTP_URL: "smtp://mail.example",
      SHORTLINK_SECRET: "s".repeat(32),
      ACCOUNT_SECRET_KEY: "k".repeat(32),
    };
    expect(readEnv(production).sandboxDriverDelayMs).toBe(0);
    expect(() => readEnv({ ...production, SANDBOX_DRIVER_DELAY_MS: "500" })).toThrow(
      /SANDBOX_DRIVER_DELAY_MS/,
    );
  });
});

describe("readEnv's Stripe settings", () => {
  it("has no Stripe without STRIPE_SECRET_KEY, whatever else is set", () => {
    expect(readEnv({ NODE_ENV: "test", STRIPE_WEBHOOK_SECRET: "whsec_x" }).stripe).toBeNull();
  });

  it("sends every call to api.stripe.com over https by default", () => {
    expect(readEnv({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_1" }).stripe).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: null,
      host: "api.stripe.com",
      port: 443,
      protocol: "https",
    });
  });

  it("splits STRIPE_API_URL into the SDK's host, port and protocol", () => {
    const env = readEnv({
      NODE_ENV: "test",
      STRIPE_SECRET_KEY: "sk_test_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_API_URL: "http://127.0.0.1:12111",
    });
    expect(env.stripe).toEqual({
      secretKey: "sk_test_1",
      webhookSecret: "whsec_1",
      host: "127.0.0.1",
      port: 12111,
      protocol: "http",
    });
  });

  it.each(["not a url", "ftp://stripe.example", "https://api.stripe.com/v1"])(
    "refuses STRIPE_API_URL=%s with a clear message",
    (url) => {
      expect(() =>
        readEnv({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_1", STRIPE_API_URL: url }),
      ).toThrow(EnvError);
    },
  );

  it("gives TikTok its API for Business by default, audited only when TIKTOK_APP_AUDITED says true", () => {
    const tiktok = readEnv({ TIKTOK_CLIENT_ID: "key", TIKTOK_CLIENT_SECRET: "secret" }).oauth.tiktok;
    expect(tiktok).toMatchObject({
      clientId: "key",
      apiUrl: "https://open.tiktokapis.com/v2",
      businessApiUrl: "https://business-api.tiktok.com/open_api/v1.3",
    });
    expect(tiktok?.appAudited).toBeUndefined();
    const audited = readEnv({
      TIKTOK_CLIENT_ID: "key",
      TIKTOK_CLIENT_SECRET: "secret",
      TIKTOK_APP_AUDITED: "true",
      TIKTOK_BUSINESS_API_URL: "http://127.0.0.1:9/open_api/v1.3/",
    }).oauth.tiktok;
    expect(audited).toMatchObject({ appAudited: true, businessApiUrl: "http://127.0.0.1:9/open_api/v1.3" });
    expect(() =>
      readEnv({ TIKTOK_CLIENT_ID: "k", TIKTOK_CLIENT_SECRET: "s", TIKTOK_BUSINESS_API_URL: "ftp://x" }),
    ).toThrow(/TIKTOK_BUSINESS_API_URL/);
    // A network without a second API root gets none.
    expect(
      readEnv({ YOUTUBE_CLIENT_ID: "a", YOUTUBE_CLIENT_SECRET: "b" }).oauth.youtube?.businessApiUrl,
    ).toBe(undefined);
  });
});
