/** The signed-in user: read, settings (locale, read notifications, profile with e-mail confirmation), delete, switch team. */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import type { FieldError } from "../../engine/messages/types";
import { checkCode, issueCode, normalizeEmail } from "../auth/codes";
import { clearSessionCookie } from "../auth/cookies";
import { endUserSessions } from "../auth/sessions";
import { limitAddress } from "../client-address";
import type { AppEnv } from "../context";
import { first } from "../db/query";
import { teamMembers, teams, users } from "../db/tables";
import { AppError } from "../errors";
import { authOf, loadTeamContext, requireUser } from "../middleware/guards";
import { forgetSignInAccounts } from "../services/sign-in-accounts";
import { findUserByEmail, userShape } from "../services/users";
import { jsonBody, message, validateForm, validationError } from "../validation";

const LOCALES = ["en", "fr", "ar", "hi", "ja"];
/** The most characters a person's name may have. */
const NAME_MAX = 100;

function invalid(field: string, text: string): AppError {
  return new AppError("validation", { errors: { [field]: [text] } });
}

export const meRoutes = new Hono<AppEnv>()
  .get("/", async (c) => {
    const auth = authOf(c);
    return c.json(await userShape(c.get("deps"), auth.user, await loadTeamContext(c)));
  })
  .post("/", async (c) => {
    const auth = authOf(c);
    const { db, clock, mailer, limiter } = c.get("deps");
    const body = await jsonBody(c);
    const changes: Partial<typeof users.$inferInsert> = {};

    if ("locale" in body) {
      if (typeof body.locale !== "string" || !LOCALES.includes(body.locale)) {
        throw invalid("locale", message(c, "validation.in"));
      }
      changes.locale = body.locale;
    }
    if ("last_read_notification_id" in body) {
      if (
        typeof body.last_read_notification_id !== "string" ||
        !/^[0-9a-f]{24}$/.test(body.last_read_notification_id)
      ) {
        throw invalid("last_read_notification_id", message(c, "validation.structure.invalid"));
      }
      changes.lastReadNotificationId = body.last_read_notification_id;
    }
    if ("name" in body) {
      // Each refusal says what is wrong: not a text, empty, or longer than the 100 characters a name may have.
      const name = typeof body.name === "string" ? body.name.trim() : null;
      const problem: FieldError | null =
        name === null
          ? { key: "validation.string", rule: "string" }
          : name.length < 1
            ? { key: "validation.required", rule: "required" }
            : [...name].length > NAME_MAX
              ? { key: "validation.between.string.max", rule: "between", values: { n: NAME_MAX } }
              : null;
      if (problem) throw validationError(c, { name: [problem] });
      if (name !== null) changes.name = name;
    }
    if ("email" in body) {
      validateForm(c, "sign-in", { email: body.email });
      const email = normalizeEmail(String(body.email));
      if (email !== auth.user.email) {
        const taken = await findUserByEmail(db, email);
        if (taken) throw invalid("email", message(c, "validation.email.taken"));
        if (body.confirm_code === undefined) {
          // An address change is confirmed with a code sent to the new address (the confirm-email dialog).
          const code = await issueCode(db, email, clock, { limiter, address: limitAddress(c) });
          await mailer.send({
            to: email,
            subject: `${code} confirms your new Fairdraw address`,
            text: `Enter ${code} in Fairdraw to use this address. It is valid for 10 minutes.`,
          });
          return c.json({ confirm_email: true, email }, 202);
        }
        validateForm(c, "confirm-code", { confirm_code: body.confirm_code });
        await checkCode(db, email, String(body.confirm_code), clock, {
          wrongMessage: message(c, "auth.code.invalid"),
          consume: true,
          asker: { limiter, address: limitAddress(c) },
        });
        changes.email = email;
      }
    }
    if (Object.keys(changes).length > 0) {
      await db.update(users).set(changes).where(eq(users.id, auth.user.id));
      Object.assign(auth.user, changes);
    }
    return c.json(await userShape(c.get("deps"), auth.user, await loadTeamContext(c)));
  })
  .delete("/", async (c) => {
    const auth = authOf(c);
    const { db, clock, realtime } = c.get("deps");
    // A team the user owns with other members in it must be handed over first (their default team can't be).
    const owned = await db
      .select({ id: teams.id })
      .from(teams)
      .where(and(eq(teams.ownerId, auth.user.id), eq(teams.isDefault, false), isNull(teams.deletedAt)));
    let others = 0;
    for (const t of owned) {
      const members = await db
        .select({ userId: teamMembers.userId })
        .from(teamMembers)
        .where(eq(teamMembers.teamId, t.id));
      if (members.length > 1) others++;
    }
    if (others > 0) {
      throw new AppError("conflict", { message: "error.conflict.ownsTeams" });
    }
    // Soft delete; the address is freed so it can register again.
    await db
      .update(users)
      .set({ deletedAt: clock().toISOString(), email: `deleted+${auth.user.id}@fairdraw.invalid` })
      .where(eq(users.id, auth.user.id));
    await forgetSignInAccounts(db, auth.user.id);
    await endUserSessions(db, auth.user.id);
    realtime.closeUser(auth.user.id);
    clearSessionCookie(c);
    return c.json({ success: true });
  });

/** Switching the caller's current team. */
export const switchTeamRoutes = new Hono<AppEnv>().post("/users/switch_team", requireUser, async (c) => {
  const auth = authOf(c);
  const body = await jsonBody(c);
  const { db, realtime } = c.get("deps");
  const teamId = typeof body.team_id === "string" ? body.team_id : "";
  const member = await first(
    db
      .select({ teamId: teamMembers.teamId })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(
        and(eq(teamMembers.userId, auth.user.id), eq(teamMembers.teamId, teamId), isNull(teams.deletedAt)),
      ),
  );
  if (!member) throw new AppError("notFound", { message: "error.notFound.team" });
  await db.update(users).set({ currentTeamId: teamId }).where(eq(users.id, auth.user.id));
  auth.user.currentTeamId = teamId;
  realtime.moveUser(auth.user.id, teamId);
  realtime.toUser(auth.user.id, { type: "refresh_user" });
  return c.json(await userShape(c.get("deps"), auth.user, await loadTeamContext(c)));
});
