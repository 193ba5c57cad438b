/**
 * What the builder puts in rjsf's `formContext` for every widget and template (contest-builder.md §2, §3). Widgets
 * (web/src/builder/widgets/**) read it with `builderContextOf(props)`; it is the only contract between the builder
 * and the widgets besides rjsf's own `WidgetProps`.
 *
 * The object is STABLE for the life of a pane: rjsf memoizes every field on a deep comparison of its props (the
 * registry holds formContext), so anything that changes on a keystroke is read through a function (functions compare
 * equal), never stored as data. A widget that must re-render when ANOTHER field changes (the close-date picker reads
 * the start date, the reminders widget reads both dates) subscribes with `useFormValue(ctx, path)`; one that shows
 * errors of its inner items subscribes with `useFieldErrors(ctx, path)`.
 *
 * Paths are the dotted form paths of decisions.md ("base.close_date", "sources.0.reminders.list.2.content"). A
 * widget's own path is `pathOf(props.id)`: the builder sets rjsf's idPrefix so that an id is `fd-` + the path.
 */
import { useCallback, useSyncExternalStore } from "react";
import type { BuilderForm } from "../../../engine/builder/form";
import type { BuilderConfig } from "../../../engine/config/types";
import type { FieldError, ValidationErrors } from "../../../engine/messages/types";
import type { AccountQuota } from "./api";

/** What an upload answers (POST /api/v1/upload/contest_builder): the uuid names the file in a media slot. */
export type UploadedMedia = { uuid: string; mime: string; size: number };

/** One of the team's linked accounts of a network (the builder config's team.accounts). */
export type TeamAccount = {
  _id: string;
  /** The network's numeric id: what `publication.account_id` holds. */
  account_id: number;
  name: string;
  screen_name: string;
  sandbox: boolean;
  /** The actions this account's grant cannot have read (a TikTok personal account: comment). */
  unreadable_actions?: string[];
  /** What it publishes stays private until the network audits the app (TikTok: SELF_ONLY). */
  publishes_private?: boolean;
};

/** The team's choice for links pasted in a publication: ask each time (null: never chosen), always or never. */
export type ShortlinksOnPaste = "always_ask" | "always" | "never" | null;

export type BuilderFormContext = {
  /** The builder config of the team's plan (GET /api/v1/teams/current/contest-builder/config): rules, limits, defaults. */
  readonly config: BuilderConfig;
  /**
   * The whole form `{ base, sources, summary }` as it is at the moment it is read (a getter: it is never stale, but
   * reading it does not re-render the widget when another field changes; use `useFormValue` for that).
   */
  readonly form: BuilderForm;
  /** The index in `form.sources` of the source whose pane renders the widget; null on base and summary. */
  readonly sourceIndex: number | null;
  /** The provider (`twitter`, `instagram`, ...) of that source; null outside a source's pane. */
  readonly provider: string | null;
  /** The form part the pane edits, as the engine names it: "base", "summary" or "sources.<i>". */
  readonly part: string;
  /** The person's interface language ("en", "fr", ...): dates, numbers, the week's first day (engine/dates weekStart). */
  readonly locale: string;
  /** The team setting contest_builder_create_shortlinks_on_paste: what to do with a link pasted in a text. */
  readonly createShortlinksOnPaste: ShortlinksOnPaste;
  /** The team's linked accounts by provider, for the account picker and the excluded-accounts defaults. */
  readonly accounts: Readonly<Record<string, readonly TeamAccount[]>>;
  /** The server's clock (decisions.md "Time"): use it for "now" in pickers and the shuffle. */
  now(): Date;
  /** The team's plan holds this feature (a plan-gated choice inside a widget shows a FeatureStar when not). */
  hasFeature(feature: string): boolean;
  /** Uploads a file (POST /api/v1/upload/contest_builder). Throws an ApiError (413 too large, 415 wrong type). */
  upload(file: File, onProgress?: (sent: number, total: number) => void): Promise<UploadedMedia>;
  /** The URL that shows an uploaded file by its uuid (GET /api/v1/upload/view/:uuid). */
  mediaUrl(uuid: string): string;
  /**
   * Makes a shortlink of a URL (POST /api/v1/teams/current/shortlinks/create on the default domain) and answers the
   * short URL. Throws an ApiError (403 without team.shortlinks.create_shortlink).
   */
  shortlink(url: string): Promise<string>;
  /**
   * A linked account's quota and a contest's expected cost on it (GET /api/v1/teams/current/accounts/{_id}/quota),
   * asked once per account for the life of the builder. Throws an ApiError.
   */
  quota(accountId: string): Promise<AccountQuota>;
  /** The current form (same as `form`), as a function for callbacks. */
  getForm(): BuilderForm;
  /**
   * The engine's errors of one field by its path, as shown now (a field has errors only after it was left, its pane
   * checked with Next, or the contest submitted). The first one is the one to display. Not reactive: see useFieldErrors.
   */
  errorsFor(path: string): FieldError[];
  /** The first error of a field as text in the person's language (engine/messages catalogs); null when none. */
  messageFor(path: string): string | null;
  /**
   * Tells the builder the person left a field, which validates it (§4). rjsf's own onBlur(id) is already wired to
   * this: call it only from a widget that moves focus itself (a list item, a compound widget).
   */
  blur(path: string): void;
  /**
   * Sets any field by its path: for a widget that changes more than its own value (the winning-moments shuffle, a
   * reminder's type that clears its content). A widget's own value goes through rjsf's `onChange` as usual.
   */
  change(path: string, value: unknown): void;
  /** Switches an option through the feature ties (engine/ties.ts): the builder may switch others off or refuse. */
  toggle(path: string, on: boolean): void;
  /** Subscribes to any change of the form or of the errors; answers the unsubscribe. (Used by the hooks below.) */
  subscribe(listener: () => void): () => void;
  /** Every error of the form now (for the hooks below). */
  getErrors(): ValidationErrors;
};

/** The builder's formContext from any rjsf props (`formContext` on WidgetProps, `registry.formContext` elsewhere). */
export function builderContextOf(props: {
  formContext?: unknown;
  registry?: { formContext?: unknown };
}): BuilderFormContext {
  return (props.formContext ?? props.registry?.formContext) as BuilderFormContext;
}

/** rjsf's idPrefix of a pane's form is ID_PREFIX + the part, its idSeparator ".": an id is ID_PREFIX + the form path. */
export const ID_PREFIX = "fd-";
export const ID_SEPARATOR = ".";

/** The dotted form path of an rjsf id ("fd-sources.0.publication.content" → "sources.0.publication.content"). */
export function pathOf(id: string): string {
  return id.startsWith(ID_PREFIX) ? id.slice(ID_PREFIX.length) : id;
}

/** The rjsf / DOM id of a form path (to focus a field from the validation side pane). */
export function idOf(path: string): string {
  return `${ID_PREFIX}${path}`;
}

function valueAt(root: unknown, path: string): unknown {
  let node = root;
  for (const segment of path.split(".")) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * The value of any form path, re-rendering the caller when that value changes (and only then). For a widget that
 * depends on another field: `const start = useFormValue(ctx, "base.start_date")`.
 */
export function useFormValue<T = unknown>(ctx: BuilderFormContext, path: string): T {
  const read = useCallback(() => valueAt(ctx.getForm(), path) as T, [ctx, path]);
  return useSyncExternalStore(ctx.subscribe, read, read);
}

/**
 * The linked account the pane's source publishes with (its publication.account_id), re-rendering the caller when
 * it changes; null outside a source's pane or before one is chosen.
 */
export function usePublishingAccount(ctx: BuilderFormContext | null): TeamAccount | null {
  const read = useCallback(() => {
    if (!ctx || ctx.sourceIndex === null || !ctx.provider) return null;
    const id = valueAt(ctx.getForm(), `sources.${ctx.sourceIndex}.publication.account_id`);
    return ctx.accounts[ctx.provider]?.find((a) => a.account_id === id) ?? null;
  }, [ctx]);
  return useSyncExternalStore(ctx?.subscribe ?? noSubscription, read, read);
}
const noSubscription = () => () => {};

/**
 * The errors of a path and of everything under it ("sources.0.reminders.list" → the list's own and each item's),
 * keyed by path, re-rendering the caller when they change. For a widget that shows errors of its inner items.
 */
export function useFieldErrors(
  ctx: BuilderFormContext,
  path: string,
): Readonly<Record<string, FieldError[]>> {
  const read = useCallback(() => {
    const all = ctx.getErrors();
    const keys = Object.keys(all).filter((p) => p === path || p.startsWith(`${path}.`));
    return keys.length === 0 ? EMPTY : keys.map((k) => `${k}\u0000${JSON.stringify(all[k])}`).join("\u0001");
  }, [ctx, path]);
  const signature = useSyncExternalStore(ctx.subscribe, read, read);
  // The signature is a string (stable across renders); the record is rebuilt from it only when it changes.
  return signature === EMPTY ? NO_RECORD : parseSignature(signature);
}

const EMPTY = "";
const NO_RECORD: Readonly<Record<string, FieldError[]>> = {};
const parsed = new Map<string, Record<string, FieldError[]>>();

function parseSignature(signature: string): Record<string, FieldError[]> {
  const known = parsed.get(signature);
  if (known) return known;
  const record: Record<string, FieldError[]> = {};
  for (const entry of signature.split("\u0001")) {
    const [key = "", json = "[]"] = entry.split("\u0000");
    record[key] = JSON.parse(json) as FieldError[];
  }
  if (parsed.size > 200) parsed.clear();
  parsed.set(signature, record);
  return record;
}

/** The first error of one path (the one to show), re-rendering the caller when it changes; undefined when none. */
export function useFirstError(ctx: BuilderFormContext, path: string): FieldError | undefined {
  return useFieldErrors(ctx, path)[path]?.[0];
}
