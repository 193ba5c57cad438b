import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { first } from "../../api/db/query";
import { contactMessages, mails, teams, users } from "../../api/db/tables";
import { MAX_PER_HOUR } from "../../api/routes/contact";
import contactReasons from "../../schemas/contact-reasons.json";
import { type Session, signIn } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

const CONTACT = "/api/v1/users/me/contact_fairdraw";
const MESSAGE = "Hello! We would like to run a contest on two networks at once, is that possible?";

let t: TestApp;
afterEach(() => t.cleanup());

async function supportMails() {
  return await t.db.select().from(mails).where(eq(mails.to, t.env.supportEmail));
}

async function setSupport(s: Session, support: Record<string, unknown>) {
  const user = await first(t.db.select().from(users).where(eq(users.id, s.userId)));
  await t.db
    .update(teams)
    .set({ subscription: { period: "monthly", support } })
    .where(eq(teams.id, user?.currentTeamId ?? ""));
}

describe("POST /api/v1/users/me/contact_fairdraw", () => {
  it("keeps the message, mails it to the support address and answers {success: true}", async () => {
    t = await createTestApp({ env: { supportEmail: "help@fairdraw.test" } });
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const res = await ann.call("POST", CONTACT, {
      reason: "suggest-feature",
      message: MESSAGE,
      meta: { timezone_offset: -120, page: "/team/" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const stored = await t.db.select().from(contactMessages);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      userId: ann.userId,
      reason: "suggest-feature",
      message: MESSAGE,
      meta: { timezone_offset: -120, page: "/team/" },
    });
    const [mail] = await supportMails();
    expect(mail?.subject).toContain("suggest-feature");
    expect(mail?.text).toContain("Ann <ann@brand.example>");
    expect(mail?.text).toContain(MESSAGE);
    expect(mail?.text).toContain("Timezone offset: -120");
  });

  it("accepts every reason of schemas/contact-reasons.json", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    // The hourly limit is not this test's concern: a fresh user for each reason.
    for (const [i, { key }] of contactReasons.reasons.entries()) {
      const user = i === 0 ? ann : await signIn(t, `user${i}@brand.example`, `User ${i}`);
      const res = await user.call("POST", CONTACT, { reason: key, message: MESSAGE });
      expect(res.status, key).toBe(200);
    }
    expect(await t.db.select().from(contactMessages)).toHaveLength(contactReasons.reasons.length);
  });

  it("answers 422 with the form's messages in English, and keeps nothing", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const empty = await ann.call("POST", CONTACT, { message: "Too short." });
    expect(empty.status).toBe(422);
    expect(await empty.json()).toEqual({
      error: "validation",
      message: "The given data was invalid.",
      errors: { reason: ["Is required."], message: ["Must be at least 50 characters."] },
    });
    const unknown = await ann.call("POST", CONTACT, { reason: "complain", message: "x".repeat(1001) });
    expect((await unknown.json()).errors).toEqual({
      reason: ["Is not one of the allowed choices."],
      message: ["May not be greater than 1000 characters."],
    });
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await supportMails()).toEqual([]);
  });

  it("answers 422 in French for a French request", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const res = await ann.call("POST", CONTACT, { message: 42 }, { cookie: `${ann.cookie}; locale=fr` });
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error: "validation",
      message: "Les données envoyées ne sont pas valides.",
      errors: { reason: ["Est obligatoire."], message: ["Doit être un texte."] },
    });
    const header = await ann.call(
      "POST",
      CONTACT,
      { reason: "other" },
      { "accept-language": "fr-FR,fr;q=0.9" },
    );
    expect((await header.json()).errors).toEqual({ message: ["Est obligatoire."] });
  });

  it("checks meta and force against the form's schema: 422, never 500", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const send = async (extra: Record<string, unknown>) => {
      const res = await ann.call("POST", CONTACT, { reason: "other", message: MESSAGE, ...extra });
      expect(res.status).toBe(422);
      return (await res.json()).errors;
    };
    expect(await send({ meta: "Europe/Paris" })).toEqual({ meta: ["Has the wrong type."] });
    expect(await send({ meta: { timezone_offset: "+02:00" } })).toEqual({
      "meta.timezone_offset": ["Has the wrong type."],
    });
    expect(await send({ force: "yes" })).toEqual({ force: ["Has the wrong type."] });
    expect(await send({ cc: "everyone@example.com" })).toEqual({ cc: ["Is not a known field."] });
    expect(await send({ meta: { page: "x".repeat(5000) } })).toEqual({ meta: ["Is invalid."] });
    const notJson = await ann.call("POST", CONTACT, undefined, { "content-type": "application/json" });
    expect(notJson.status).toBe(400);
  });

  it("answers the team's own support contact instead, unless the form is forced", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    await setSupport(ann, { name: "Agency Help", email: "help@agency.example", phone: "+33 1 23 45 67 89" });
    const res = await ann.call("POST", CONTACT, { reason: "other", message: MESSAGE });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: false,
      support: {
        name: "Agency Help",
        email: "help@agency.example",
        phone: "+33 1 23 45 67 89",
        profile_picture_url: null,
      },
    });
    expect(await t.db.select().from(contactMessages)).toEqual([]);
    expect(await supportMails()).toEqual([]);

    const forced = await ann.call("POST", CONTACT, { reason: "other", message: MESSAGE, force: true });
    expect(await forced.json()).toEqual({ success: true });
    expect(await t.db.select().from(contactMessages)).toHaveLength(1);
    expect(await supportMails()).toHaveLength(1);
  });

  it("takes an empty support entry for no custom contact", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    await setSupport(ann, { name: "", email: null });
    const res = await ann.call("POST", CONTACT, { reason: "other", message: MESSAGE });
    expect(await res.json()).toEqual({ success: true });
  });

  it(`answers 429 after ${MAX_PER_HOUR} messages in an hour, and accepts one again an hour later`, async () => {
    let now = new Date("2026-03-02T10:00:00.000Z");
    t = await createTestApp({ clock: () => now });
    const ann = await signIn(t, "ann@brand.example", "Ann");
    for (let i = 0; i < MAX_PER_HOUR; i++) {
      expect((await ann.call("POST", CONTACT, { reason: "other", message: MESSAGE })).status).toBe(200);
    }
    const refused = await ann.call("POST", CONTACT, { reason: "other", message: MESSAGE });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: "tooManyAttempts", uid: expect.any(String) });
    now = new Date("2026-03-02T11:00:01.000Z");
    expect((await ann.call("POST", CONTACT, { reason: "other", message: MESSAGE })).status).toBe(200);
  });

  it("needs a session (401) and the CSRF token (403)", async () => {
    t = await createTestApp();
    const ann = await signIn(t, "ann@brand.example", "Ann");
    const anonymous = await t.app.request(CONTACT, {
      method: "POST",
      headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
      body: JSON.stringify({ reason: "other", message: MESSAGE }),
    });
    expect(anonymous.status).toBe(401);
    const forged = await ann.call(
      "POST",
      CONTACT,
      { reason: "other", message: MESSAGE },
      { "x-csrf-token": "no" },
    );
    expect(forged.status).toBe(403);
    expect((await forged.json()).error).toBe("csrfTokenMismatch");
  });
});
