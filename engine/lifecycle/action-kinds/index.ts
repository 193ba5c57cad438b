/**
 * The registry of action kinds: a provider's definition names each action's kind (schemas/providers/<name>.json
 * `actions`), and this says what each kind means. Adding a kind: one file made with defineAction, one line here,
 * its label in the message catalogs; schemas:check refuses a provider action whose kind is not here.
 */
import { type CommentSettings, comment } from "./comment";
import { type CustomSettings, custom } from "./custom";
import type { ActionKindDefinition } from "./define";
import { type FollowSettings, follow } from "./follow";
import { type LikeSettings, like } from "./like";
import { type QuoteSettings, quote } from "./quote";
import { type ReactSettings, react } from "./react";
import { type RepostSettings, repost } from "./repost";

/** Each kind's settings as read from a source. */
export type KindSettings = {
  comment: CommentSettings;
  repost: RepostSettings;
  quote: QuoteSettings;
  like: LikeSettings;
  follow: FollowSettings;
  react: ReactSettings;
  custom: CustomSettings;
};

export type ActionKindName = keyof KindSettings;

export const actionKinds: { readonly [K in ActionKindName]: ActionKindDefinition<KindSettings[K]> } = {
  comment,
  repost,
  quote,
  like,
  follow,
  react,
  custom,
};

/** The kinds' names (Object.keys types its answer as string[]; these are the registry's own keys). */
export const ACTION_KIND_NAMES = Object.keys(actionKinds) as readonly ActionKindName[];

export function isActionKind(kind: string): kind is ActionKindName {
  return Object.hasOwn(actionKinds, kind);
}

/** Each kind's settings as one source asks them (`off` for a kind its network has not). */
export type ActionSettings = { validate: boolean } & KindSettings;

export { ACTION_FAILURES, type ActionFailure, type ActionKindDefinition, defineAction } from "./define";
export { REACTIONS } from "./react";
