/**
 * The one reader of a provider's definition (schemas/providers/<name>.json, checked by
 * schemas/meta/provider.schema.json): what the lifecycle, the sandbox, the drivers and the web app need to know of
 * a network, asked of its data, never of its name. Pure: the definition is an argument.
 */
import type { ProviderActionCapability, ProviderDefinition } from "../codegen/types";
import type { BuilderConfig } from "./config/types";
import type { HandleProvider } from "./text/handle";

/** What the readers below use of a definition (a whole definition will do; tests may pass less). */
export type ProviderFacts = HandleProvider &
  Partial<
    Pick<
      ProviderDefinition,
      | "display_name"
      | "actions"
      | "text"
      | "account_id"
      | "profile_url"
      | "post_url"
      | "meta_network"
      | "ui"
      | "capabilities"
    >
  >;

/** The network's participation actions: the key under the source's `actions` and its kind, in file order. */
export function actionsOf(provider: ProviderFacts | undefined): { key: string; kind: string }[] {
  return Object.entries(provider?.actions ?? {}).map(([key, action]) => ({ key, kind: action.kind }));
}

/** Whether the network has an action of `kind` (a network with a repost action has reposts and a repost ratio). */
export function hasActionKind(provider: ProviderFacts | undefined, kind: string): boolean {
  return actionsOf(provider).some((a) => a.kind === kind);
}

/** The key of the network's action of `kind` (`retweet` for a repost on one network, `boost` on another). */
export function actionKeyOf(provider: ProviderFacts | undefined, kind: string): string | undefined {
  return actionsOf(provider).find((a) => a.kind === kind)?.key;
}

/** A value put in a URL path: encoded, but for the "@" and ":" of handles and ids (alice@example.social, did:plc:…). */
function pathPart(value: string): string {
  return encodeURIComponent(value).replace(/%40/g, "@").replace(/%3A/gi, ":");
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) ? pathPart(values[name] ?? "") : whole,
  );
}

/** Whether the network's people go by an @handle (its post look's `handle`): a Page's commenters go by name. */
export function showsHandle(provider: ProviderFacts | undefined): boolean {
  return provider?.ui?.post?.handle !== false;
}

/** How a post or a page names a person of this network: `@handle`, or the name where it has no handles. */
export function mentionOf(
  provider: ProviderFacts | undefined,
  person: { screen_name: string; name?: string | null },
): string {
  if (!showsHandle(provider) && person.name) return person.name;
  return `@${person.screen_name.replace(/^@/, "")}`;
}

/** An account's profile page, from the network's profile_url template; null without a template or a handle. */
export function profileUrlOf(provider: ProviderFacts | undefined, screenName: string | null): string | null {
  const template = provider?.profile_url;
  const handle = screenName?.replace(/^@/, "") ?? "";
  if (!template || handle === "") return null;
  return fill(template, { screen_name: handle });
}

/** A post's page, from the network's post_url template; null without a template or a value it needs. */
export function postUrlOf(
  provider: ProviderFacts | undefined,
  post: { screen_name?: string | null; post_id?: string | null; shortcode?: string | null },
): string | null {
  const template = provider?.post_url;
  if (!template) return null;
  const values: Record<string, string> = {};
  const screenName = post.screen_name?.replace(/^@/, "");
  if (screenName) values.screen_name = screenName;
  if (post.post_id) values.post_id = post.post_id;
  if (post.shortcode) values.shortcode = post.shortcode;
  const url = fill(template, values);
  return /\{\w+\}/.test(url) ? null : url;
}

/** The longest publication text the network takes (text.content_max); null for a network without text limits. */
export function contentMaxOf(provider: ProviderFacts | undefined): number | null {
  return provider?.text?.content_max ?? null;
}

/** Whether a typed keyword keeps its inner spacing (text.keyword_spacing "kept") or has it collapsed. */
export function keepsKeywordSpacing(provider: ProviderFacts | undefined): boolean {
  return provider?.text?.keyword_spacing === "kept";
}

/** The network belongs to Meta (the spec's "meta networks" rules: closing and reminder types, 7-day messages). */
export function isMetaNetwork(provider: ProviderFacts | undefined): boolean {
  return provider?.meta_network === true;
}

/**
 * How far the network lists who did an action of `kind` (capabilities.actions). The custom kind is never checked;
 * a definition that does not describe a kind (a test's partial definition) is taken as checked, as before
 * capabilities existed: schemas:check requires the description of every kind a network's actions have.
 */
export function actionCapabilityOf(
  provider: ProviderFacts | undefined,
  kind: string,
): ProviderActionCapability {
  if (kind === "custom") return { read: "unchecked" };
  return provider?.capabilities?.actions[kind] ?? { read: "checked" };
}

/**
 * The actions (keys of the network's `actions`) an account cannot have read, by the scopes its grant has: an
 * action whose capability `requires_scope` is not among them (TikTok's comments without comment.list: not a
 * business account). `granted` null: the account's grant is not known (a sandbox or an app-password account),
 * nothing is refused for it.
 */
export function unreadableActions(
  provider: ProviderFacts | undefined,
  granted: readonly string[] | null,
): string[] {
  if (granted === null) return [];
  return actionsOf(provider)
    .filter((a) => {
      if (a.kind === "custom") return false;
      const needs = actionCapabilityOf(provider, a.kind).requires_scope;
      return needs !== undefined && !granted.includes(needs);
    })
    .map((a) => a.key);
}

/** The scopes an account's grant has, as its row keeps them (meta.granted_scopes); null when not kept. */
export function grantedScopesOf(meta: Readonly<Record<string, unknown>> | null | undefined): string[] | null {
  const kept = meta?.granted_scopes;
  return Array.isArray(kept) ? kept.filter((s): s is string => typeof s === "string") : null;
}

/**
 * How winners can be sent a private message (capabilities.private_messages): none, reply_to_comment or direct. A
 * definition without capabilities (a test's partial definition) is taken as direct, as before capabilities existed.
 */
export function privateMessageMode(
  provider: ProviderFacts | undefined,
): ProviderDefinition["capabilities"]["private_messages"]["mode"] {
  return provider?.capabilities?.private_messages.mode ?? "direct";
}

/** The window in days within which winners can be sent a private message (Meta's private replies: 7), or null. */
export function privateMessageWindowDays(provider: ProviderFacts | undefined): number | null {
  const messages = provider?.capabilities?.private_messages;
  return messages?.mode === "reply_to_comment" ? messages.window_days : null;
}

/** Whether the network says this of an entrant's account (the account-age filter needs account_created_at). */
export function givesProfileField(
  provider: ProviderFacts | undefined,
  field: ProviderDefinition["capabilities"]["profile_fields"][number],
): boolean {
  return provider?.capabilities ? provider.capabilities.profile_fields.includes(field) : true;
}

/**
 * What the builder config says of a network (BuilderConfig.providers): its source limit, its handle rule and the
 * actions it cannot check. One reading, for the server's config and the one tests and stories build.
 */
export function builderFactsOf(
  definition: Partial<ProviderDefinition> | undefined,
): BuilderConfig["providers"][string] {
  const facts = definition as ProviderFacts | undefined;
  const unchecked = actionsOf(facts)
    .filter((a) => a.kind !== "custom" && actionCapabilityOf(facts, a.kind).read === "unchecked")
    .map((a) => a.key);
  const max = definition?.maxSourcesLimitCB;
  return {
    maxSourcesLimitCB: typeof max === "number" ? max : 1,
    ...(definition?.handle ? { handle: definition.handle } : {}),
    ...(unchecked.length > 0 ? { unchecked_actions: unchecked } : {}),
  };
}
