/**
 * The authorization-code part of a network's OAuth stand-in: its consent page (who is signed in, the request's
 * fields carried in hidden inputs, Allow and Cancel), the redirect back to the app, and the codes it gave, each
 * good once. What a network checks of the request and puts in a code stays in its own stand-in.
 */
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { escapeHtml } from "./standin-server.ts";

export function consentPage(o: {
  title: string;
  heading: string;
  /** The line naming who the page signs in as ("Signed in as @brand"). */
  signedIn: string;
  /** Where the form posts its decision. */
  action: string;
  hidden: [string, string][];
  allow: string;
}): string {
  const inputs = o.hidden
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join("");
  return `<!doctype html><html lang="en"><head><title>${escapeHtml(o.title)}</title></head><body>
<h1>${escapeHtml(o.heading)}</h1><p>${escapeHtml(o.signedIn)}</p>
<form method="post" action="${o.action}">${inputs}
<button name="decision" value="allow">${escapeHtml(o.allow)}</button> <button name="decision" value="deny">Cancel</button></form></body></html>`;
}

/** The named fields of the authorization request, for the consent page to carry. */
export function fieldsOf(q: URLSearchParams, names: string[]): [string, string][] {
  return names.map((k) => [k, q.get(k) ?? ""]);
}

/** The browser sent back to the app's redirect_uri with the state and `params` (a code, or the refusal). */
export function redirectFromConsent(
  res: ServerResponse,
  form: URLSearchParams,
  params: Record<string, string>,
) {
  const redirect = new URL(form.get("redirect_uri") ?? "");
  redirect.searchParams.set("state", form.get("state") ?? "");
  for (const [k, v] of Object.entries(params)) redirect.searchParams.set(k, v);
  res.writeHead(302, { location: redirect.toString() }).end();
}

/** Authorization codes given at consent: each is taken once, at the token endpoint. */
export class CodeStore<T> {
  readonly #codes = new Map<string, T>();
  give(code: string, value: T): string {
    this.#codes.set(code, value);
    return code;
  }
  take(code: string | null): T | undefined {
    const value = this.#codes.get(code ?? "");
    this.#codes.delete(code ?? "");
    return value;
  }
}

/** The client's id and secret sent with HTTP Basic (RFC 6749 §2.3.1, each form-encoded); null without them. */
export function basicClient(req: IncomingMessage): { id: string; secret: string } | null {
  const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!basic) return null;
  const [id = "", secret = ""] = Buffer.from(basic, "base64")
    .toString("utf8")
    .split(":")
    .map(decodeURIComponent);
  return { id, secret };
}

/** PKCE's S256 challenge of a verifier (RFC 7636 §4.2). */
export function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}
