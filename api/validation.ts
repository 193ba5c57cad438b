/** Request bodies: parsed safely, validated by the engine's form rules, refused with 400 or 422 (decisions.md). */
import type { Context } from "hono";
import { catalogChain } from "../engine/messages/catalogs";
import { formatErrors } from "../engine/messages/format";
import type { ValidationErrors } from "../engine/messages/types";
import { validateFormData } from "../engine/validation/validate";
import { isPlainObject } from "../engine/values";
import type { AppEnv } from "./context";
import { AppError } from "./errors";
import { requestLocale } from "./locale";

/**
 * Whether a Content-Type is JSON: exactly application/json, with at most a UTF-8 charset. Anything else is
 * refused, also a type that merely contains the words (text/plain;application/json is a CORS "simple
 * request": a browser sends it cross-site without asking first).
 */
export function isJsonContentType(header: string): boolean {
  const [type, ...params] = header.split(";").map((s) => s.trim().toLowerCase());
  if (type !== "application/json") return false;
  return params.every((p) => p === "" || /^charset="?utf-8"?$/.test(p.replace(/\s*=\s*/, "=")));
}

/** The JSON body as an object; 400 when it is not JSON or not an object. */
export async function jsonBody(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  if (!isJsonContentType(c.req.header("content-type") ?? "")) {
    throw new AppError("badRequest", { message: "error.badRequest.notJson" });
  }
  let body: unknown;
  try {
    body = JSON.parse(await c.req.text());
  } catch {
    throw new AppError("badRequest", { message: "error.badRequest.invalidJson" });
  }
  if (!isPlainObject(body)) throw new AppError("badRequest", { message: "error.badRequest.notObject" });
  const walked = walkBody(body);
  if (walked.tooDeep) throw new AppError("badRequest", { message: "error.badRequest.tooDeep" });
  if (walked.nulKey) throw new AppError("badRequest", { message: "error.badRequest.nulKey" });
  if (walked.nulPaths.length > 0) {
    throw validationError(
      c,
      Object.fromEntries(walked.nulPaths.map((path) => [path, [{ key: "validation.nul", rule: "nul" }]])),
    );
  }
  return body;
}

/** No form is deeper than this; a deeper body is an attack on recursive code (stack overflows), not input. */
const MAX_DEPTH = 32;

/** A node of the walk: its parent and key, so that a path is spelled out only for a string that needs it. */
type Step = { node: unknown; depth: number; parent: Step | null; key: string };

const pathOf = (step: Step): string => {
  const keys: string[] = [];
  for (let s: Step | null = step; s?.parent; s = s.parent) keys.push(s.key);
  return keys.reverse().join(".");
};

/**
 * One walk of the body, without recursion (the thing the depth guards against): whether it nests deeper than
 * MAX_DEPTH, and where it holds U+0000 — PostgreSQL refuses it in text and jsonb (a 500 at the insert) and no
 * field of ours means it, so it is refused on both engines: in a string by its field path, in a name by a 400
 * (it has no path to say).
 */
function walkBody(body: unknown): { tooDeep: boolean; nulKey: boolean; nulPaths: string[] } {
  const nulPaths: string[] = [];
  let nulKey = false;
  const stack: Step[] = [{ node: body, depth: 1, parent: null, key: "" }];
  while (stack.length > 0) {
    const step = stack.pop() as Step;
    const { node, depth } = step;
    if (typeof node === "string") {
      if (node.includes("\0")) nulPaths.push(pathOf(step));
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    if (depth > MAX_DEPTH) return { tooDeep: true, nulKey, nulPaths };
    for (const [key, child] of Object.entries(node)) {
      if (key.includes("\0")) nulKey = true;
      stack.push({ node: child, depth: depth + 1, parent: step, key });
    }
  }
  return { tooDeep: false, nulKey, nulPaths: nulPaths.sort() };
}

/** 422 with field paths and messages in the request's language. */
export function validationError(c: Context<AppEnv>, errors: ValidationErrors): AppError {
  const chain = catalogChain(requestLocale(c));
  const messages = formatErrors(chain, errors);
  return new AppError("validation", { message: "validation.failed", errors: messages });
}

/** The errors of a body against one of schemas/forms/ (for a route that adds its own checks to the same 422). */
export function formErrors(
  c: Context<AppEnv>,
  form: string,
  body: unknown,
  teamFeatures: Iterable<string> = [],
): ValidationErrors {
  const { catalog, clock } = c.get("deps");
  const scope = catalog.forms.get(form);
  if (!scope) throw new Error(`no form rules named ${form} in schemas/forms/`);
  return validateFormData(body, scope, { now: clock(), teamFeatures: new Set(teamFeatures), quotas: {} });
}

/** Validates a body with one of schemas/forms/; throws the 422 when anything is wrong. */
export function validateForm(
  c: Context<AppEnv>,
  form: string,
  body: unknown,
  teamFeatures: Iterable<string> = [],
) {
  const errors = formErrors(c, form, body, teamFeatures);
  if (Object.keys(errors).length > 0) throw validationError(c, errors);
}

/** A message of the engine's catalogs in the request's language (for one-off 422s such as a wrong code). */
export function message(c: Context<AppEnv>, key: string): string {
  const chain = catalogChain(requestLocale(c));
  for (const catalog of chain) if (catalog[key]) return catalog[key];
  return key;
}
