/**
 * Signing in the demo owner for a browser test: the e-mail code from the dev mailbox, the session cookie put into
 * the browser's context, and a caller of the API with that session (CSRF token included).
 */
import type { BrowserContext } from "playwright-core";

export type ApiCall = (method: string, path: string, body?: unknown) => Promise<Response>;

/** The demo owner's session: the cookies auth/verify set (name and value) and a caller of the API with them. */
export async function demoSession(
  base: string,
): Promise<{ cookies: { name: string; value: string }[]; call: ApiCall }> {
  const email = "demo@fairdraw.test";
  const json = { "content-type": "application/json" };
  const asked = await fetch(`${base}/api/v1/auth/email`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email }),
  });
  if (asked.status !== 204) throw new Error(`auth/email answered ${asked.status}`);
  const mailbox = (await (await fetch(`${base}/api/dev/mailbox`)).json()) as {
    data: { to: string; text: string }[];
  };
  const code = /\b(\d{6})\b/.exec(mailbox.data.find((m) => m.to === email)?.text ?? "")?.[1];
  const verified = await fetch(`${base}/api/v1/auth/verify`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  if (verified.status !== 200) throw new Error(`auth/verify answered ${verified.status}`);
  const cookies = verified.headers.getSetCookie().map((line) => {
    const pair = line.split(";")[0] ?? "";
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
  const cookie = cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const { csrf_token } = (await (
    await fetch(`${base}/api/v1/refresh_csrf`, { headers: { cookie } })
  ).json()) as {
    csrf_token: string;
  };
  const call: ApiCall = (method, path, body) =>
    fetch(`${base}/api/v1${path}`, {
      method,
      headers: {
        cookie,
        "x-csrf-token": csrf_token,
        "x-requested-with": "XMLHttpRequest",
        ...(body === undefined ? {} : json),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return { cookies, call };
}

export async function signInDemo(base: string, context: BrowserContext): Promise<ApiCall> {
  const { cookies, call } = await demoSession(base);
  await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  return call;
}
