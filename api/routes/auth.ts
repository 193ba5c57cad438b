/**
 * Sign-in by e-mail code (decisions.md): ask for a code, verify it (registering when new), log out (this session,
 * or every session of the person), CSRF token.
 */
import { Hono } from "hono";
import { checkCode, issueCode, normalizeEmail } from "../auth/codes";
import { clearSessionCookie, setSessionCookie } from "../auth/cookies";
import { createSession, endSession, endUserSessions } from "../auth/sessions";
import { limitAddress } from "../client-address";
import type { AppEnv } from "../context";
import { AppError } from "../errors";
import { requestLocale } from "../locale";
import { authOf, loadTeamContext, requireUser } from "../middleware/guards";
import { findUserByEmail, registerUser, userShape } from "../services/users";
import { jsonBody, message, validateForm } from "../validation";

export const authRoutes = new Hono<AppEnv>()
  .post("/auth/email", async (c) => {
    const body = await jsonBody(c);
    validateForm(c, "sign-in", { email: body.email });
    const { db, clock, mailer, limiter } = c.get("deps");
    const email = normalizeEmail(String(body.email));
    const code = await issueCode(db, email, clock, { limiter, address: limitAddress(c) });
    await mailer.send({
      to: email,
      subject: `${code} is your Fairdraw code`,
      text: `Your Fairdraw sign-in code is ${code}. It is valid for 10 minutes.\n\nIf you did not ask for it, ignore this message.`,
    });
    return c.body(null, 204);
  })
  .post("/auth/verify", async (c) => {
    const body = await jsonBody(c);
    validateForm(c, "sign-in", { email: body.email, code: body.code, name: body.name });
    if (typeof body.code !== "string" || body.code === "") {
      throw new AppError("validation", {
        errors: { code: [message(c, "validation.required")] },
      });
    }
    const { db, clock, limiter } = c.get("deps");
    const asker = { limiter, address: limitAddress(c) };
    const email = normalizeEmail(String(body.email));
    const existing = await findUserByEmail(db, email);
    const name = typeof body.name === "string" ? body.name.trim() : "";
    const wrongMessage = message(c, "auth.code.invalid");
    // Check the code before saying anything about the account: no enumeration.
    await checkCode(db, email, body.code, clock, { wrongMessage, consume: false, asker });
    if (!existing && name === "") {
      throw new AppError("validation", {
        errors: { name: [message(c, "validation.required")] },
      });
    }
    await checkCode(db, email, body.code, clock, { wrongMessage, consume: true, asker });
    const user = existing ?? (await registerUser(db, clock, { email, name, locale: requestLocale(c) }));
    const { token, session } = await createSession(db, user.id, clock);
    setSessionCookie(c, token);
    c.set("auth", { session, user });
    return c.json(await userShape(c.get("deps"), user, await loadTeamContext(c)), existing ? 200 : 201);
  })
  .post("/auth/logout", requireUser, async (c) => {
    const auth = c.get("auth");
    if (auth) {
      await endSession(c.get("deps").db, auth.session.id);
      c.get("deps").realtime.closeSession(auth.session.id);
    }
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  // "Log out everywhere": every session of the person ends (this one too) and their open sockets close.
  .post("/auth/logout_everywhere", requireUser, async (c) => {
    const { db, realtime } = c.get("deps");
    const { user } = authOf(c);
    await endUserSessions(db, user.id);
    realtime.closeUser(user.id);
    clearSessionCookie(c);
    return c.body(null, 204);
  })
  .get("/refresh_csrf", requireUser, (c) => c.json({ csrf_token: c.get("auth")?.session.csrfToken ?? "" }));
