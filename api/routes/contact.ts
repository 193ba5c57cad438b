/**
 * The contact-support dialog (app-shell.md §2, §5, §7): `POST /api/v1/users/me/contact_fairdraw`
 * {reason, message, meta: {timezone_offset, ...}, force?}.
 *
 * - When the current team has its own support contact (teams.subscription.support) and `force` is not true,
 *   nothing is stored or sent: the answer is 200 {success: false, support: {name, email, phone,
 *   profile_picture_url}} so the dialog shows that contact instead; the person can still write to Fairdraw by
 *   sending the form again with force: true. This check comes before validation, so the dialog may ask with an
 *   empty form.
 * - Otherwise the body is validated (422): the "contact" form rules (reason one of schemas/contact-reasons.json,
 *   message 50 to 1000 characters), then the shape of schemas/forms/contact.schema.json (meta an object with an
 *   integer timezone_offset, force a boolean, no unknown fields), and meta of at most META_MAX_CHARS as JSON.
 * - At most MAX_PER_HOUR messages a user in any hour (429, the limiter's contact.per_user): each one is an
 *   e-mail to a person.
 * - The message is mailed to SUPPORT_EMAIL with the user as Reply-To, then kept in contact_messages;
 *   the answer is {success: true}. A mail that cannot be sent is a 500 and nothing is kept, so a retry does not
 *   leave a duplicate behind.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { Hono } from "hono";
import { SCHEMAS_DIR } from "../../engine/node/load-schemas";
import { compileStructure } from "../../engine/structure";
import type { AppEnv, TeamRow } from "../context";
import { contactMessages } from "../db/tables";
import { AppError } from "../errors";
import { newId } from "../ids";
import { DEFAULT_LIMITS } from "../limits";
import { authOf, requireTeam, teamOf } from "../middleware/guards";
import type { Mail } from "../services/mailer";
import { jsonBody, message, validateForm, validationError } from "../validation";

export const MAX_PER_HOUR = DEFAULT_LIMITS["contact.per_user"].max;
export const META_MAX_CHARS = 4096;

const CONTACT_SCHEMA_ID = "https://fairdraw.app/schemas/forms/contact.schema.json";
const contactStructure = compileStructure(
  [JSON.parse(readFileSync(path.join(SCHEMAS_DIR, "forms", "contact.schema.json"), "utf8"))],
  CONTACT_SCHEMA_ID,
);

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

/** The team's own support contact, when it has one (a name or an address). */
export function customSupport(team: Pick<TeamRow, "subscription">) {
  const support = team.subscription?.support;
  if (typeof support !== "object" || support === null) return null;
  const s = support as Record<string, unknown>;
  const name = text(s.name);
  const email = text(s.email);
  if (name === null && email === null) return null;
  return {
    name: name ?? "",
    email: email ?? "",
    phone: text(s.phone),
    profile_picture_url: text(s.profile_picture_url),
  };
}

export const contactRoutes = new Hono<AppEnv>().post("/contact_fairdraw", requireTeam, async (c) => {
  const auth = authOf(c);
  const { team } = teamOf(c);
  const { db, clock, env, mailer, limiter } = c.get("deps");
  const body = await jsonBody(c);

  const support = customSupport(team);
  if (support && body.force !== true) return c.json({ success: false, support });

  validateForm(c, "contact", body);
  const structure = contactStructure(body);
  if (Object.keys(structure).length > 0) throw validationError(c, structure);
  const meta = (body.meta ?? {}) as Record<string, unknown>;
  if (JSON.stringify(meta).length > META_MAX_CHARS) {
    throw new AppError("validation", {
      message: "validation.failed",
      errors: { meta: [message(c, "validation.structure.invalid")] },
    });
  }
  const reason = String(body.reason);
  const content = String(body.message);

  const now = clock();
  await limiter.check("contact.per_user", auth.user.id, "contact.too_many");

  // Mail has no Reply-To field yet; the production transport passes it on to nodemailer as it is.
  const mail: Mail = {
    to: env.supportEmail,
    replyTo: `${auth.user.name} <${auth.user.email}>`,
    subject: `[Fairdraw contact] ${reason}: ${auth.user.name}`,
    text: [
      `From: ${auth.user.name} <${auth.user.email}> (user ${auth.user.id})`,
      `Team: ${team.name} (${team.id}, plan ${team.plan})`,
      `Reason: ${reason}`,
      `Timezone offset: ${typeof meta.timezone_offset === "number" ? meta.timezone_offset : "not given"}`,
      "",
      content,
      "",
      `Meta: ${JSON.stringify(meta)}`,
    ].join("\n"),
  };
  await mailer.send(mail);
  await limiter.hit("contact.per_user", auth.user.id);
  await db.insert(contactMessages).values({
    id: newId(),
    userId: auth.user.id,
    teamId: team.id,
    reason,
    message: content,
    meta,
    createdAt: now.toISOString(),
  });
  return c.json({ success: true });
});
