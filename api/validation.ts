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
  if (depthOf(body) > MAX_DEPTH) throw new AppError("badRequest", { message: "error.badRequest.tooDeep" });
  const nul = nulPaths(body);
  if (nul.key) throw new AppError("badRequest", { message: "error.badRequest.nulKey" });
  if (nul.paths.length > 0) {
    throw validationError(
      c,
      Object.fromEntries(nul.paths.map((path) => [path, [{ key: "validation.nul", rule: "nul" }]])),
    );
  }
  return body;
}

/**
 * Where the body holds U+0000: PostgreSQL refuses it in text and jsonb (a 500 at the insert), and no field of ours
 * means it, so it is refused on both engines, by field path (a name with it: by a 400, it has no path to say).
 */
function nulPaths(value: unknown): { key: boolean; paths: string[] } {
  const paths: string[] = [];
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [node, path] = stack.pop() as [unknown, string];
    if (typeof node === "string") {
      if (node.includes("\0")) paths.push(path);
      continue;
    }
    if (node === null || typeof node !== "object") continue;
    for (const [k, child] of Object.entries(node)) {
      if (k.includes("\0")) return { key: true, paths };
      stack.push([child, path === "" ? k : `${path}.${k}`]);
    }
  }
  return { key: false, paths: paths.sort() };
}

/** No form is deeper than this; a deeper body is an attack on recursive code (stack overflows), not input. */
const MAX_DEPTH = 32;

/** Nesting depth, measured without recursion (the thing it guards against). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== "object") continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_DEPTH) return deepest;
    for (const child of Object.values(node)) stack.push([child, depth + 1]);
  }
  return deepest;
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
