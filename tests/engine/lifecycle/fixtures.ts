/**
 * Builders for the lifecycle tests: sources and bases filled from the schemas' own defaults (so the paths the
 * filters read are the schemas' paths), then set with dotted-path overrides; and a clean entrant to spoil.
 */
import { createAjv } from "../../../engine/ajv";
import { checkActions, type Entrant } from "../../../engine/lifecycle";
import { formSchemas } from "../../../engine/node/load-schemas";
import { setPathIn } from "../../../engine/values";
import { DEFINITIONS } from "../text/providers";

export const NOW = "2030-06-15T12:00:00.000Z";

/** The definitions of schemas/providers/ by name (their handle rules), as the server's catalogue holds them. */
export const PROVIDERS = DEFINITIONS;

const ajv = createAjv({ useDefaults: true });
for (const s of formSchemas()) ajv.addSchema(s);

function filled(id: string, start: Record<string, unknown>, overrides: Record<string, unknown>) {
  const validate = ajv.getSchema(`https://fairdraw.app/schemas/contest/${id}.schema.json`);
  if (!validate) throw new Error(`no schema ${id}`);
  validate(start);
  for (const [path, value] of Object.entries(overrides)) setPathIn(start, path, value);
  return start;
}

/** A source of `provider` with its schema defaults (anti-bots on, every action off), then `overrides`. */
export function source(
  provider: string,
  overrides: Record<string, unknown> = {},
  id = 100,
): Record<string, unknown> {
  return filled(
    `sources/${provider}`,
    { id, type: provider },
    { "publication.account_id": 4242, ...overrides },
  );
}

/** The provider definition of a source's network (its actions' kinds, its handle rule). */
export function networkOf(source: Record<string, unknown>) {
  return typeof source.type === "string" ? PROVIDERS.get(source.type) : undefined;
}

/** checkActions with the source's own network, as the filters call it. */
export function actionsMissing(entrant: Entrant, source: Record<string, unknown>) {
  return checkActions(entrant, source, networkOf(source));
}

/** The contest's base group with its schema defaults, then `overrides`. */
export function base(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return filled("base", {}, overrides);
}

/** A twitter source with every action and filter on, and the contest base that goes with it. */
export function fullyConfiguredTwitter() {
  const twitter = source("twitter", {
    "actions.comment.enabled": true,
    "actions.comment.accept": "replies_and_quotes",
    "actions.comment.keywords": { enabled: true, list: ["#Café", "coffee"] },
    "actions.comment.mentions": { enabled: true, nb_min: 2 },
    "actions.comment.prediction": { enabled: true, list: ["France", "Brazil"] },
    "actions.retweet.enabled": true,
    "actions.like.enabled": true,
    "actions.follow.enabled": true,
    "actions.follow.other_accounts": { enabled: true, list: ["@fairdraw"] },
    exclude_accounts: { enabled: true, touched: true, list: ["@competitor"] },
    account_age: { enabled: true, months_old: 3 },
    check_retweet_rate: { enabled: true, max_percent_contests: 50 },
    anti_bots: { enabled: true, check_source: true },
  });
  const contestBase = base({
    exclude_previous_winners: { enabled: true, nb_months: 6 },
    exclude_contains_badword: { enabled: true, touched: true, list: ["arnaque", "scam"] },
    exclude_accounts: { enabled: true, touched: true, list: ["@rival_brand"] },
  });
  return { source: twitter, base: contestBase };
}

/** An entrant of source 100 that has done nothing wrong (and nothing at all: give it the actions a test needs). */
type EntrantOverrides = Partial<Omit<Entrant, "did">> & { did?: Partial<Entrant["did"]> };

export function entrant(overrides: EntrantOverrides = {}): Entrant {
  const external = overrides.external_id ?? "111";
  const provider = overrides.provider ?? "twitter";
  const { did, ...rest } = overrides;
  return {
    id: `${provider}:${external}`,
    provider,
    source_id: "100",
    external_id: external,
    screen_name: "alice",
    name: "Alice Martin",
    profile_url: null,
    account_created_at: "2020-01-01T00:00:00.000Z",
    followers: 120,
    following: 80,
    posts: 900,
    is_bot_signal: false,
    comments: [],
    repost_ratio: 10,
    first_at: "2030-06-14T10:00:00.000Z",
    ...rest,
    did: { repost: false, quote: false, like: false, follows: [], reactions: [], ...did },
  };
}

/** An entrant that meets every action of fullyConfiguredTwitter(). */
export function cleanTwitterEntrant(overrides: EntrantOverrides = {}): Entrant {
  return entrant({
    comments: [
      {
        id: "c1",
        text: "J'adore le café ☕ #cafe, France wins! @bob @carol",
        at: "2030-06-14T10:00:00.000Z",
      },
    ],
    did: { repost: true, like: true, follows: ["4242", "@FairDraw"] },
    ...overrides,
  });
}
