/**
 * Drives the real Hono app like a browser would: signs in through the e-mail code (read from the dev mailbox),
 * keeps the session cookie and sends the CSRF token and X-Requested-With on state-changing calls.
 */

import { desc, eq } from "drizzle-orm";
import { first } from "../../api/db/query";
import { mails } from "../../api/db/tables";
import type { TestApp } from "./test-app";

export type Session = {
  cookie: string;
  csrf: string;
  userId: string;
  /** A request as this user; `body` is sent as JSON. */
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
};

export async function lastCodeFor(t: TestApp, email: string): Promise<string> {
  const mail = await first(t.db.select().from(mails).where(eq(mails.to, email)).orderBy(desc(mails.id)));
  const code = /\b(\d{6})\b/.exec(mail?.text ?? "")?.[1];
  if (!code) throw new Error(`no code mailed to ${email}`);
  return code;
}

export function json(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  };
}

export function sessionCall(t: TestApp, cookie: string, csrf: string) {
  return async (
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Response> =>
    t.app.request(path, {
      method,
      headers: {
        cookie,
        "x-csrf-token": csrf,
        "x-requested-with": "XMLHttpRequest",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}

/** Signs in (registering with `name` when the address is new) and returns a session to call the API with. */
export async function signIn(t: TestApp, email: string, name = "Test User"): Promise<Session> {
  const asked = await t.app.request("/api/v1/auth/email", json({ email }));
  if (asked.status !== 204) throw new Error(`auth/email answered ${asked.status}: ${await asked.text()}`);
  const verified = await t.app.request(
    "/api/v1/auth/verify",
    json({ email, code: await lastCodeFor(t, email), name }),
  );
  if (verified.status !== 200 && verified.status !== 201) {
    throw new Error(`auth/verify answered ${verified.status}: ${await verified.text()}`);
  }
  const cookie = (verified.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  const user = (await verified.json()) as { _id: string };
  const csrfRes = await t.app.request("/api/v1/refresh_csrf", { headers: { cookie } });
  const { csrf_token } = (await csrfRes.json()) as { csrf_token: string };
  return { cookie, csrf: csrf_token, userId: user._id, call: sessionCall(t, cookie, csrf_token) };
}

/** The bindings @hono/node-server gives a request whose socket peer is `address` (app.request's third argument). */
export function fromAddress(address: string) {
  return { incoming: { socket: { remoteAddress: address } } };
}
