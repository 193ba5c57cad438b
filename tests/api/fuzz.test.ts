/**
 * Bad input never makes a 500 (decisions.md: "The server never answers a 500 for bad input"). fast-check sends,
 * as a signed-in owner with the right CSRF headers:
 * - to every state-changing route: JSON of the wrong types, strings up to ~200 KB, `__proto__`, `constructor`
 *   and `prototype` keys, astral characters and lone surrogates, deep nesting, lists where objects go, numbers
 *   as strings, null, malformed JSON, invalid UTF-8, the wrong Content-Type;
 *   first its valid body with one field at a time (top-level, or inside an object of it) set to each edge value
 *   (fast-check's examples), then generated bodies;
 * - to every GET route: path and query values of the same kinds, plus broken percent-encodings.
 * Each answer must be one of the statuses of the error contract, a 4xx must carry the contract's JSON body, and
 * Object.prototype must be left alone. A body over the 1 MiB limit is a 413.
 *
 * Every request runs inside a transaction rolled back after it, so a call that deletes the user, the team or the
 * session (with a body it ignores) leaves the next call the same world. Seeds are fixed: fast-check prints the
 * seed and the path of a failure so that it can be replayed.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { JSON_BODY_LIMIT } from "../../api/app";
import { ROUTES, type RouteDoc } from "../../api/openapi/routes";
import type { Session } from "../helpers/api-client";
import { createTestApp, rolledBack, type TestApp } from "../helpers/test-app";
import { buildTeamWorld, formBody, type TeamWorld } from "../helpers/world";

/** Fixed, so a run is reproducible; FUZZ_SEED and FUZZ_RUNS explore further (e.g. FUZZ_RUNS=1000). */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_121);
const BODY_RUNS = Number(process.env.FUZZ_RUNS ?? 80);
const GET_RUNS = Math.ceil(BODY_RUNS / 2);

const ALLOWED = new Set([200, 201, 202, 204, 400, 401, 402, 403, 404, 409, 413, 415, 422, 429]);

let t: TestApp;
let owner: Session;
/** Team A's objects, owned or made by `owner`, so that a path names something and the body meets the handler. */
let world: TeamWorld;
/** What the app logged as unhandled (a 500's error and stack). */
const logged: unknown[] = [];

const TWEET = "https://x.com/fairdraw/status/17900000000000000";

beforeAll(async () => {
  t = await createTestApp();
  vi.spyOn(t.deps.logger, "error").mockImplementation((...args: unknown[]) => {
    logged.push(args[0]);
  });
  // The owner lends their own account through A's account invite: the personal routes act on it.
  world = await buildTeamWorld(t, { accountInvite: { provider: "bluesky", acceptedBy: "owner" } });
  owner = world.owner;
});

afterAll(() => t.cleanup());

/** A valid value for each path parameter, so that the body reaches the handler (after the guards). */
function validParam(route: RouteDoc, name: string): string {
  if (name === "teamId" || name === "team_id") return world.teamA;
  if (name === "member_id") return world.dave.userId;
  if (name === "key") return world.invite.key;
  if (name === "delegation_id") return world.delegation;
  if (name === "uuid") return world.upload;
  if (route.path.includes("/invites/:id")) return world.invite.id;
  if (route.path.includes("/members/:id")) return world.dave.userId;
  if (route.path.includes("/teams/current/accounts/:id")) return world.teamAccount;
  if (route.path.includes("/users/me/accounts/:id")) return world.lentAccount;
  if (route.path.endsWith("/contests/:id/merge")) return world.imports[0];
  // The contest lifecycle (entries, draws, verify) acts on a contest, not a draft: an import.
  if (
    name === "contestId" ||
    /\/contests\/:id\/(load_entries|entries|draws|statistics|publications|setup)/.test(route.path)
  ) {
    return world.imports[0];
  }
  if (route.path.includes("/contests/:id")) return world.draft;
  if (route.path.includes("/templates/:id")) return world.template;
  if (route.path.includes("/shortlinks/:id")) return world.shortlink;
  // A route this file does not know yet: a well-formed id of nothing (its body is still fuzzed).
  return "0123456789abcdef01234567";
}

// ---- Generators --------------------------------------------------------------------------------------------

/** Every body field some route reads, and the nested ones. */
const KNOWN_KEYS = [
  "email",
  "code",
  "name",
  "locale",
  "last_read_notification_id",
  "confirm_code",
  "team_id",
  "new_owner_id",
  "updated_permissions",
  "provider",
  "reason",
  "message",
  "meta",
  "force",
  "timezone_offset",
  "contest_builder_create_shortlinks_on_paste",
  "team.invites.view_invite",
  "team.settings.delete_team",
  "idempotency_key",
  "status",
  "forPayment",
  "base",
  "sources",
  "summary",
  "target_contest_id",
  "matched",
  "confirm",
  "type",
  "domain",
  "key",
  "url",
  "uuid",
  "consent",
  "kind",
  "decision",
  "reasons",
  "nb_winners",
  "exclude_previous_winners",
  "exclude_contains_badword",
  "exclude_accounts",
  "manual_check",
];
const DANGEROUS_KEYS = ["__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf"];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const withLoneSurrogates = fc
  .tuple(fc.string({ maxLength: 8 }), fc.array(loneSurrogate, { minLength: 1, maxLength: 3 }), fc.string())
  .map(([a, b, c]) => a + b.join("") + c);
const astral = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "😀",
    "𝔘𝔫𝔦𝔠𝔬𝔡𝔢",
    "👩‍👩‍👧‍👦",
    "\u{10FFFF}",
    "a\u0000b",
    "\u202Eevil",
    "ｆｕｌｌ＠ｗｉｄｔｈ.ｅｘ",
  ),
);
const numberish = fc.constantFrom(
  "0",
  "1",
  "-1",
  "1e309",
  "NaN",
  "Infinity",
  "0x1F",
  " 42 ",
  "007",
  "9007199254740993",
  "true",
  "null",
  "",
);
/** 1 KB to ~200 KB of one character repeated (characters that cost more in UTF-8 or in JSON escaping too). */
const huge = fc
  .tuple(
    fc.integer({ min: 1_000, max: 200_000 }),
    fc.constantFrom("x", "é", "😀", "a@b.c", "\\", '"', " ", "\u0000"),
  )
  .map(([n, unit]) => unit.repeat(Math.ceil(n / unit.length)));
const hugeEmail = fc
  .integer({ min: 1_000, max: 100_000 })
  .map((n) => `${"a".repeat(n)}@${"b".repeat(n)}.example`);

const anyString = fc.oneof(
  { weight: 4, arbitrary: fc.string() },
  { weight: 2, arbitrary: numberish },
  { weight: 2, arbitrary: withLoneSurrogates },
  { weight: 2, arbitrary: astral },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: hugeEmail },
);

/** JSON text of a scalar (JSON.stringify writes lone surrogates as \ud8xx escapes, which JSON.parse reads back). */
const scalarText = fc.oneof(
  fc.constantFrom(
    "null",
    "true",
    "false",
    "1e309",
    "-1e309",
    "-0",
    "123456789012345678901234567890",
    "1e-400",
  ),
  fc.double().map((n) => (Number.isFinite(n) ? String(n) : "1e999")),
  fc.integer().map(String),
  anyString.map((s) => JSON.stringify(s)),
);

const keyArb = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...KNOWN_KEYS) },
  { weight: 2, arbitrary: fc.constantFrom(...DANGEROUS_KEYS) },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  { weight: 1, arbitrary: withLoneSurrogates },
  { weight: 1, arbitrary: astral },
);

const objectText = (entries: [string, string][]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`;

const { value: valueText } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    scalarText,
    tie("array"),
    tie("object"),
  ) as fc.Arbitrary<string>,
  array: fc.array(tie("value") as fc.Arbitrary<string>, { maxLength: 4 }).map((a) => `[${a.join(",")}]`),
  object: fc.array(fc.tuple(keyArb, tie("value") as fc.Arbitrary<string>), { maxLength: 5 }).map(objectText),
}));

/** A list or an object nested 10 to 20,000 deep (JSON.parse takes them; a recursive walk may not). */
const deepValue = fc
  .tuple(fc.integer({ min: 10, max: 20_000 }), fc.boolean())
  .map(([depth, lists]) =>
    lists ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}null${"}".repeat(depth)}`,
  );
const fieldValue = fc.oneof({ weight: 6, arbitrary: valueText }, { weight: 1, arbitrary: deepValue });

const pollution = fc.oneof(
  fc.constantFrom(
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
    '{"name":"x","__proto__":{"polluted":"yes","isAdmin":true}}',
    '{"__proto__":[1,2,3]}',
    '{"__proto__":null}',
  ),
  fc
    .constantFrom(...KNOWN_KEYS)
    .map(
      (k) =>
        `{${JSON.stringify(k)}:{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":1}}}}`,
    ),
);

const malformed = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "{",
    '{"a":',
    "[1,2",
    "{'a':1}",
    "",
    "\u0000",
    '{"a":1}garbage',
    "NaN",
    "undefined",
    "\uFEFF{}",
  ),
);

/**
 * A body for a route: mostly its valid body with some fields replaced or added (so that one bad field meets
 * the code behind the others), or objects of the fields it reads, holding values of every wrong kind.
 */
function bodyText(keys: readonly string[], valid: Record<string, unknown>): fc.Arbitrary<string> {
  const field = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...keys) },
    { weight: 1, arbitrary: keyArb },
  );
  const base: [string, string][] = Object.entries(valid).map(([k, v]) => [k, JSON.stringify(v)]);
  return fc.oneof(
    // JSON.parse keeps the last of two equal keys: the generated value replaces the valid one.
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(field, fieldValue), { minLength: 1, maxLength: 3 })
        .map((entries) => objectText([...base, ...entries])),
    },
    { weight: 3, arbitrary: fc.array(fc.tuple(field, fieldValue), { maxLength: 6 }).map(objectText) },
    { weight: 2, arbitrary: valueText },
    { weight: 1, arbitrary: pollution },
    { weight: 1, arbitrary: deepValue },
    { weight: 1, arbitrary: malformed },
  );
}

const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant<string | undefined>("application/json") },
  {
    weight: 2,
    arbitrary: fc.constantFrom<string | undefined>(
      undefined,
      "application/json; charset=utf-8",
      "APPLICATION/JSON",
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/json; charset=utf-16",
    ),
  },
);

type Body = { text: string } | { bytes: Uint8Array<ArrayBuffer> };

/** A body as fast-check prints it in a counterexample: its start and its size, not 200 KB of it. */
function printable<B extends Body>(body: B): B {
  const shown = "text" in body ? body.text : Buffer.from(body.bytes).toString("hex");
  const size = "text" in body ? `${body.text.length} chars` : `${body.bytes.length} bytes`;
  return Object.assign(body, {
    [fc.toStringMethod]: () =>
      `${JSON.stringify(shown.slice(0, 160))}${shown.length > 160 ? `… (${size})` : ""}`,
  });
}
const invalidUtf8 = fc
  .uint8Array({ minLength: 1, maxLength: 64 })
  .map((b) =>
    printable({ bytes: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, ...b, 0xff, 0x22, 0x7d]) }),
  );

function bodyArb(keys: readonly string[], valid: Record<string, unknown>): fc.Arbitrary<Body> {
  return fc.oneof(
    { weight: 9, arbitrary: bodyText(keys, valid).map((text) => printable({ text })) },
    { weight: 1, arbitrary: invalidUtf8 },
  );
}

/** A path segment or query value, already percent-encoded (or deliberately broken). */
const urlValue = fc.oneof(
  { weight: 4, arbitrary: anyString.map((s) => encodeUtf8(s.slice(0, 20_000))) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "%",
      "%zz",
      "%E0%A4%A",
      "%ED%A0%80",
      "%C0%AF",
      "%FF",
      "%00",
      "%2F",
      "..",
      "%2e%2e",
      "%252F",
      "__proto__",
      "constructor",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 24, maxLength: 24 }),
  },
);

/** Percent-encodes the UTF-8 of a string (a lone surrogate becomes U+FFFD, as a browser would send). */
function encodeUtf8(s: string): string {
  return [...Buffer.from(s, "utf8")]
    .map((b) =>
      (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5a) || (b >= 0x61 && b <= 0x7a)
        ? String.fromCharCode(b)
        : `%${b.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");
}

const QUERY_KEYS = ["before", "with", "status", "page", "__proto__", "constructor", "prototype", "team_id"];
const queryArb = fc
  .array(
    fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.string({ maxLength: 8 }).map(encodeUtf8)), urlValue),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`));

// ---- Checks ------------------------------------------------------------------------------------------------

const prototypeNames = () => Object.getOwnPropertyNames(Object.prototype).sort().join(",");
const CLEAN_PROTOTYPE = prototypeNames();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** What is wrong with an answer, or null. */
async function problemOf(res: Response, route?: RouteDoc): Promise<string | null> {
  if (route && route.ok.status >= 300 && route.ok.status < 400 && res.status === route.ok.status) {
    // A browser-facing redirect (an OAuth callback): whatever the input, it goes back into the app, never away.
    const location = res.headers.get("location") ?? "";
    return location.startsWith("/") && !location.startsWith("//")
      ? null
      : `redirected away from the app: ${location.slice(0, 200)}`;
  }
  if (!ALLOWED.has(res.status)) {
    const errors = logged
      .splice(0)
      .map((e) => (isObject(e) && e.err instanceof Error ? e.err.stack : undefined))
      .filter((stack) => stack !== undefined);
    return `status ${res.status}: ${(await res.text()).slice(0, 300)}\n${errors.join("\n")}`;
  }
  if (prototypeNames() !== CLEAN_PROTOTYPE || "polluted" in {} || "isAdmin" in {}) {
    return "Object.prototype was polluted";
  }
  if (res.status < 400 || res.status >= 500) return null;
  const text = await res.text();
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) {
    return `status ${res.status} without a JSON content type: ${text.slice(0, 200)}`;
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `status ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (!isObject(body) || typeof body.error !== "string" || typeof body.message !== "string") {
    return `status ${res.status} without {error, message}: ${text.slice(0, 200)}`;
  }
  if (body.error === "validation") {
    const errors = body.errors;
    const wellFormed =
      res.status === 422 &&
      isObject(errors) &&
      Object.values(errors).every((m) => Array.isArray(m) && m.every((s) => typeof s === "string"));
    if (!wellFormed) return `a validation error not in the contract's shape: ${text.slice(0, 300)}`;
  } else if (typeof body.uid !== "string") {
    return `status ${res.status} without a uid: ${text.slice(0, 200)}`;
  }
  return null;
}

/** Sends as the owner inside a transaction rolled back afterwards; throws what is wrong with the answer. */
async function sendChecked(
  method: string,
  path: string,
  body?: Body,
  type?: string,
  extraHeaders: Record<string, string> = {},
  route?: RouteDoc,
) {
  await rolledBack(t, async () => {
    const res = await t.app.request(path, {
      method,
      headers: {
        cookie: owner.cookie,
        "x-csrf-token": owner.csrf,
        "x-requested-with": "XMLHttpRequest",
        ...(type === undefined ? {} : { "content-type": type }),
        ...extraHeaders,
      },
      ...(body === undefined ? {} : { body: "text" in body ? body.text : body.bytes }),
    });
    const problem = await problemOf(res, route);
    if (problem) throw new Error(`${method} ${path.slice(0, 200)}: ${problem}`);
  });
}

function fill(route: RouteDoc, values: Record<string, string>): string {
  return route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => values[name] ?? validParam(route, name));
}

function paramNames(route: RouteDoc): string[] {
  return [...route.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? "");
}

/** Path values: the valid one mostly (so the body is what is tested), a bad one sometimes. */
function paramsArb(route: RouteDoc, validWeight: number): fc.Arbitrary<Record<string, string>> {
  const record: Record<string, fc.Arbitrary<string>> = {};
  for (const name of paramNames(route)) {
    record[name] = fc.oneof(
      { weight: validWeight, arbitrary: fc.constant(encodeURIComponent(validParam(route, name))) },
      { weight: 1, arbitrary: urlValue },
    );
  }
  return fc.record(record);
}

/** Values each field of a valid body is tried with first, before the generated ones (fast-check's examples). */
const EDGE_VALUES = [
  "null",
  "true",
  "1e309",
  '"123"',
  "[]",
  '[{"a":1}]',
  "{}",
  JSON.stringify("x".repeat(200_000)),
  JSON.stringify("😀".repeat(50_000)),
  JSON.stringify("\ud800\udfff\udc00x"),
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
  `${"[".repeat(20_000)}${"]".repeat(20_000)}`,
  `${'{"a":'.repeat(20_000)}null${"}".repeat(20_000)}`,
];

const FORM_KEYS = ["idempotency_key", "status", "forPayment", "base", "sources", "summary", "is_duplicate"];

/** Fewer values for the fields of a nested object of a valid body (a contest form's base has dozens). */
const NESTED_EDGE_VALUES = [
  "null",
  '"123"',
  "[]",
  JSON.stringify("x".repeat(200_000)),
  JSON.stringify("\ud800x"),
  '{"__proto__":{"polluted":"yes"}}',
  `${'{"a":'.repeat(20_000)}null${"}".repeat(20_000)}`,
];

const jsonEntries = (value: Record<string, unknown>): [string, string][] =>
  Object.entries(value).map(([k, v]) => [k, JSON.stringify(v)]);

/**
 * The valid body with one field replaced by each edge value, for every field the route reads and for every field
 * of an object inside the valid body (base.name, summary.parameters_verified, ...). JSON.parse keeps the last of
 * two equal keys, so an entry appended after the valid ones replaces it.
 */
function edgeBodies(valid: Record<string, unknown>, keys: readonly string[]): string[] {
  const base = jsonEntries(valid);
  const top = keys.flatMap((key) => EDGE_VALUES.map((value) => objectText([...base, [key, value]])));
  const nested = Object.entries(valid).flatMap(([key, inner]) =>
    isObject(inner)
      ? Object.keys(inner).flatMap((field) =>
          NESTED_EDGE_VALUES.map((value) =>
            objectText([...base, [key, objectText([...jsonEntries(inner), [field, value]])]]),
          ),
        )
      : [],
  );
  return [...top, ...nested];
}

/** The fields each route reads, and a valid body for it (built once the world exists). */
const ROUTE_BODIES: Record<string, { keys: readonly string[]; valid: () => Record<string, unknown> }> = {
  "POST /api/v1/auth/email": { keys: ["email"], valid: () => ({ email: "someone@else.example" }) },
  "POST /api/v1/auth/verify": {
    keys: ["email", "code", "name"],
    valid: () => ({ email: "dave@team-a.example", code: "123456", name: "Dave" }),
  },
  "POST /api/v1/users/me": {
    keys: ["locale", "last_read_notification_id", "name", "email", "confirm_code"],
    valid: () => ({ locale: "fr" }),
  },
  "POST /api/v1/users/switch_team": { keys: ["team_id"], valid: () => ({ team_id: world.teamA }) },
  "POST /api/v1/users/me/contact_fairdraw": {
    keys: ["reason", "message", "meta", "force"],
    valid: () => ({ reason: "other", message: "A message long enough for the rule of fifty characters." }),
  },
  "POST /api/v1/teams/current": { keys: ["name", "meta"], valid: () => ({ name: "Renamed" }) },
  "POST /api/v1/teams/:teamId/transfer_ownership": {
    keys: ["new_owner_id"],
    valid: () => ({ new_owner_id: world.dave.userId }),
  },
  "POST /api/v1/teams/:team_id/members/:member_id/permissions": {
    keys: ["updated_permissions"],
    valid: () => ({ updated_permissions: { "team.invites.view_invite": true } }),
  },
  "POST /api/v1/teams/current/members/invite": {
    keys: ["email"],
    valid: () => ({ email: "newcomer@elsewhere.example" }),
  },
  "POST /api/v1/teams/current/accounts/invite": {
    keys: ["provider", "email"],
    valid: () => ({ provider: "twitter" }),
  },
  "POST /api/v1/teams/current/accounts/link": { keys: ["provider"], valid: () => ({ provider: "twitter" }) },
  "POST /api/v1/teams/current/contests/create": {
    keys: FORM_KEYS,
    valid: () => ({ ...formBody(t, "draft", "Fuzzed draft", "fuzz-key"), is_duplicate: false }),
  },
  "POST /api/v1/teams/current/contests/:id": { keys: FORM_KEYS, valid: () => formBody(t, "draft", "Fuzzed") },
  "POST /api/v1/teams/current/templates/create": {
    keys: FORM_KEYS,
    valid: () => formBody(t, "template", "Fuzzed template", "fuzz-key"),
  },
  "POST /api/v1/teams/current/templates/:id": {
    keys: FORM_KEYS,
    valid: () => formBody(t, "template", "Fuzzed template"),
  },
  "POST /api/v1/teams/current/contests/quickdraw": {
    keys: ["provider", "matched", "confirm", "name"],
    valid: () => ({ provider: "twitter", matched: `${TWEET}99`, confirm: true, name: "Fuzzed import" }),
  },
  "POST /api/v1/teams/current/contests/:id/merge": {
    keys: ["target_contest_id"],
    valid: () => ({ target_contest_id: world.imports[1] }),
  },
  "POST /api/v1/teams/current/shortlinks/create": {
    keys: ["type", "domain", "key", "url"],
    valid: () => ({ type: "random", domain: "fdraw.co", url: "https://brand.example/fuzz" }),
  },
  "DELETE /api/v1/upload": { keys: ["uuid"], valid: () => ({ uuid: world.upload }) },
  "POST /api/v1/teams/current/contests/:id/load_entries": {
    keys: ["consent"],
    valid: () => ({ consent: true }),
  },
  "POST /api/v1/teams/current/contests/:id/entries/:entrantId/check": {
    keys: ["decision", "reasons"],
    valid: () => ({ decision: "reject", reasons: ["seemsAutomated"] }),
  },
  "POST /api/v1/teams/current/contests/:id/draws": {
    keys: ["kind", "consent"],
    valid: () => ({ kind: "final", consent: true }),
  },
  "POST /api/v1/teams/current/contests/:id/setup": {
    keys: [
      "nb_winners",
      "exclude_previous_winners",
      "exclude_contains_badword",
      "exclude_accounts",
      "manual_check",
    ],
    valid: () => ({
      nb_winners: 2,
      exclude_previous_winners: { enabled: true, nb_months: 3 },
      exclude_contains_badword: { enabled: true, list: ["spam"] },
      exclude_accounts: { enabled: true, list: ["rival_brand"] },
      manual_check: { enabled: true, list: ["Looks like a shop"] },
    }),
  },
};

/** The routes that take a file, streamed to disk under their own cap, instead of JSON. */
const FILE_ROUTES = new Set(["POST /api/v1/upload", "POST /api/v1/upload/contest_builder"]);

const changing = ROUTES.filter((r) => r.method !== "GET");
const reading = ROUTES.filter((r) => r.method === "GET");

describe("bad bodies on every state-changing route", () => {
  it.each(changing.map((r, i) => [`${r.method} ${r.path}`, r, i] as const))(
    "%s never answers a 500 nor breaks the error contract",
    async (_, route, i) => {
      const known = ROUTE_BODIES[`${route.method} ${route.path}`];
      const keys = known?.keys ?? [];
      const valid = known?.valid() ?? {};
      const validParams = Object.fromEntries(
        paramNames(route).map((name) => [name, encodeURIComponent(validParam(route, name))]),
      );
      const examples = edgeBodies(valid, keys).map(
        (text): [Record<string, string>, Body, string | undefined] => [
          validParams,
          printable({ text }),
          "application/json",
        ],
      );
      await fc.assert(
        fc.asyncProperty(
          paramsArb(route, 6),
          bodyArb(keys.length > 0 ? keys : KNOWN_KEYS, valid),
          contentType,
          async (params, body, type) => {
            await sendChecked(route.method, fill(route, params), body, type, {}, route);
          },
        ),
        { seed: SEED + i, numRuns: BODY_RUNS, examples },
      );
    },
  );

  it("refuses a JSON body over the 1 MiB limit with 413 on every state-changing route", async () => {
    const text = JSON.stringify({ name: "x".repeat(JSON_BODY_LIMIT + 1024) });
    const wrong: string[] = [];
    for (const route of changing.filter((r) => !FILE_ROUTES.has(`${r.method} ${r.path}`))) {
      const res = await t.app.request(fill(route, {}), {
        method: route.method,
        headers: {
          cookie: owner.cookie,
          "x-csrf-token": owner.csrf,
          "x-requested-with": "XMLHttpRequest",
          "content-type": "application/json",
        },
        body: text,
      });
      const body = (await res.json()) as { error?: string };
      if (res.status !== 413 || body.error !== "payloadTooLarge") {
        wrong.push(`${route.method} ${route.path}: ${res.status} ${body.error}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("bad path and query values on every GET route", () => {
  it.each(reading.map((r, i) => [r.path, r, i] as const))(
    "GET %s never answers a 500 nor breaks the error contract",
    async (_, route, i) => {
      await fc.assert(
        fc.asyncProperty(paramsArb(route, 1), queryArb, async (params, query) => {
          await sendChecked("GET", `${fill(route, params)}${query}`, undefined, undefined, {}, route);
        }),
        { seed: SEED + 1000 + i, numRuns: GET_RUNS },
      );
    },
  );
});
