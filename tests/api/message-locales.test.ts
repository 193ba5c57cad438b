/**
 * The API's 422 messages come from the engine's catalogs in the request's language (api/locale.ts: the `locale`
 * cookie, then Accept-Language, then English), for the interface's five languages.
 */
import { afterEach, describe, expect, it } from "vitest";
import { signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

const CONTACT = "/api/v1/users/me/contact_fairdraw";

let t: TestApp;
afterEach(() => t.cleanup());

describe("422 messages in Arabic, Hindi and Japanese", () => {
  it("answers a 422 in Arabic for a request with the cookie locale=ar", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const res = await ann.call("POST", CONTACT, { message: 42 }, { cookie: `${ann.cookie}; locale=ar` });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: "validation",
      message: "البيانات المُدخلة غير صالحة.",
      errors: { reason: ["هذا الحقل مطلوب."], message: ["يجب أن يكون نصًا."] },
    });
  });

  it("answers in Hindi for locale=hi and in Japanese for Accept-Language: ja", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const hindi = await ann.call("POST", CONTACT, { message: 42 }, { cookie: `${ann.cookie}; locale=hi` });
    expect(hindi.status).toBe(422);
    expect(await hindi.json()).toMatchObject({
      message: "दिया गया डेटा अमान्य था।",
      errors: { reason: ["यह फ़ील्ड आवश्यक है।"], message: ["टेक्स्ट होना चाहिए।"] },
    });
    const japanese = await ann.call(
      "POST",
      CONTACT,
      { reason: "other" },
      { "accept-language": "ja-JP,ja;q=0.9" },
    );
    expect(japanese.status).toBe(422);
    expect(await japanese.json()).toMatchObject({
      message: "入力されたデータが無効です。",
      errors: { message: ["必須項目です。"] },
    });
  });

  it("prefers the cookie to Accept-Language, and answers a one-off 422 (a wrong e-mail) in Japanese", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const res = await ann.call(
      "POST",
      CONTACT,
      { reason: "other" },
      { cookie: `${ann.cookie}; locale=ar`, "accept-language": "ja" },
    );
    expect((await res.json()).errors).toEqual({ message: ["هذا الحقل مطلوب."] });
    const email = await t.app.request("/api/v1/auth/email", {
      method: "POST",
      headers: { "content-type": "application/json", "accept-language": "ja" },
      body: JSON.stringify({ email: "not an address" }),
    });
    expect(email.status).toBe(422);
    expect((await email.json()).errors).toEqual({ email: ["有効なメールアドレスである必要があります。"] });
  });
});

describe("refusals (AppError) in the request's language", () => {
  it("answers a 401 in French and an unknown API path in Japanese, from the error's message key", async () => {
    t = await createTestApp();
    const anonymous = await t.app.request("/api/v1/users/me", {
      headers: { "accept-language": "fr-FR,fr;q=0.9" },
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({
      error: "unauthenticated",
      message: "Connectez-vous pour continuer.",
    });
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const missing = await ann.call("GET", "/api/v1/nowhere", undefined, {
      cookie: `${ann.cookie}; locale=ja`,
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      error: "notFound",
      message: "この API パスは存在しません。",
    });
  });

  it("fills the message's values: a team over its members quota is told the quota in Hindi", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    // A new user's default team is on the basic plan, whose members quota the owner already fills.
    const quotas = await (await ann.call("GET", "/api/v1/teams/current/quotas")).json();
    const { used, limit } = quotas.data.members as { used: number; limit: number };
    expect(used).toBe(limit);
    const res = await ann.call(
      "POST",
      "/api/v1/teams/current/members/invite",
      { email: "guest@brand.example" },
      { cookie: `${ann.cookie}; locale=hi` },
    );
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({
      error: "maxMembersExceeded",
      message: `आपका प्लान ${limit} सदस्य की अनुमति देता है। और आमंत्रित करने के लिए अपग्रेड करें।`,
    });
  });
});
