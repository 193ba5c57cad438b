/**
 * The builder around a widget, for stories and component tests: a formContext over a small in-memory store (the
 * form, the errors, the calls the widget made) with the real rule sidecars as config, and a harness that renders
 * one widget with rjsf's WidgetProps the way the builder's forms do (id = "fd-" + path, value kept in state).
 */
import { Trans } from "@lingui/react/macro";
import type { Registry, RJSFSchema, Widget, WidgetProps } from "@rjsf/utils";
import { type ReactNode, useState } from "react";
import { type BuilderForm, setIn } from "../../../engine/builder/form";
import type { BuilderConfig, ScopeRules } from "../../../engine/config/types";
import type { FieldError, ValidationErrors } from "../../../engine/messages/types";
import { getPath } from "../../../engine/values";
import baseRules from "../../../schemas/contest/base.rules.json";
import blueskyRules from "../../../schemas/contest/sources/bluesky.rules.json";
import facebookRules from "../../../schemas/contest/sources/facebook.rules.json";
import instagramRules from "../../../schemas/contest/sources/instagram.rules.json";
import threadsRules from "../../../schemas/contest/sources/threads.rules.json";
import tiktokRules from "../../../schemas/contest/sources/tiktok.rules.json";
import twitterRules from "../../../schemas/contest/sources/twitter.rules.json";
import youtubeRules from "../../../schemas/contest/sources/youtube.rules.json";
import summaryRules from "../../../schemas/contest/summary.rules.json";
import type { AccountQuota } from "../../../web/src/builder/api";
import {
  type BuilderFormContext,
  idOf,
  pathOf,
  type ShortlinksOnPaste,
  type TeamAccount,
  type UploadedMedia,
} from "../../../web/src/builder/form-context";
import { ownsLabel } from "../../../web/src/builder/widgets/use-field";
import { Providers } from "../../../web/src/testing/Providers";
import { FeatureStar } from "../../../web/src/widgets/FeatureStar";

const rules = (r: unknown) => r as ScopeRules;

/** The rule sidecars of schemas/ as the server serves them (limits at their defaults). */
export const testConfig: BuilderConfig = {
  base: rules(baseRules),
  summary: rules(summaryRules),
  sources: {
    twitter: rules(twitterRules),
    facebook: rules(facebookRules),
    bluesky: rules(blueskyRules),
    instagram: rules(instagramRules),
    threads: rules(threadsRules),
    tiktok: rules(tiktokRules),
    youtube: rules(youtubeRules),
  },
  providers: {},
  limits: { mediaMaxSize: 209_715_200 },
};

export const START = "2026-07-01T10:00:00.000Z";
export const CLOSE = "2026-07-08T10:00:00.000Z";
/** The server's "now" of the fixtures: a day before the start. */
export const NOW = "2026-06-30T10:00:00.000Z";

export const teamAccounts: Record<string, TeamAccount[]> = {
  twitter: [
    { _id: "acc-tw-1", account_id: 1001, name: "Fairdraw", screen_name: "fairdraw", sandbox: false },
    { _id: "acc-tw-2", account_id: 1002, name: "Fairdraw Sandbox", screen_name: "fd_sandbox", sandbox: true },
  ],
  facebook: [
    { _id: "acc-fb-1", account_id: 2001, name: "Fairdraw Page", screen_name: "fairdrawpage", sandbox: false },
  ],
};

export function formWith(
  sources: BuilderForm["sources"] = [],
  base: Record<string, unknown> = {},
): BuilderForm {
  return {
    base: { type: "tunnel", name: "", start_date: START, close_date: CLOSE, nb_winners: 3, ...base },
    sources,
    summary: {},
  };
}

/** What a widget asked of the builder, for the tests to read. */
export type Calls = {
  uploads: File[];
  shortlinks: string[];
  /** The account _ids the quota was asked for. */
  quotas: string[];
  blurs: string[];
  changes: { path: string; value: unknown }[];
};

export type TestContext = BuilderFormContext & {
  calls: Calls;
  setErrors(errors: ValidationErrors): void;
  /** Sets a value of the form as the builder does after rjsf's onChange (not counted as a widget's call). */
  set(path: string, value: unknown): void;
};

export type ContextOptions = {
  form?: BuilderForm;
  provider?: string | null;
  sourceIndex?: number | null;
  errors?: ValidationErrors;
  locale?: string;
  createShortlinksOnPaste?: ShortlinksOnPaste;
  features?: readonly string[];
  /** The team's linked accounts by provider (default: teamAccounts). */
  accounts?: Record<string, TeamAccount[]>;
  upload?(file: File, onProgress?: (sent: number, total: number) => void): Promise<UploadedMedia>;
  shortlink?(url: string): Promise<string>;
  /** The quota call's answer by account _id (default: a network without a quota). */
  quota?(accountId: string): Promise<AccountQuota>;
};

let uploads = 0;

/** A formContext over an in-memory form; `part` follows the source index. */
export function makeContext(options: ContextOptions = {}): TestContext {
  let form = options.form ?? formWith();
  let errors: ValidationErrors = options.errors ?? {};
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const l of listeners) l();
  };
  const calls: Calls = { uploads: [], shortlinks: [], quotas: [], blurs: [], changes: [] };
  const sourceIndex = options.sourceIndex ?? (options.provider ? 0 : null);
  const features = new Set(options.features ?? ["contestBuilder", "darkPosts"]);
  const ctx: TestContext = {
    config: testConfig,
    get form() {
      return form;
    },
    sourceIndex,
    provider: options.provider ?? null,
    part: sourceIndex === null ? "base" : `sources.${sourceIndex}`,
    locale: options.locale ?? "en",
    createShortlinksOnPaste: options.createShortlinksOnPaste ?? null,
    accounts: options.accounts ?? teamAccounts,
    now: () => new Date(NOW),
    hasFeature: (f) => features.has(f),
    upload: async (file, onProgress) => {
      calls.uploads.push(file);
      if (options.upload) return options.upload(file, onProgress);
      uploads += 1;
      return { uuid: `uuid-${uploads}`, mime: file.type, size: file.size };
    },
    mediaUrl: (uuid) => `data:image/gif;base64,R0lGODlhAQABAAAAACw=#${uuid}`,
    shortlink: async (url) => {
      calls.shortlinks.push(url);
      if (options.shortlink) return options.shortlink(url);
      return `https://fdraw.co/k${calls.shortlinks.length}`;
    },
    quota: async (accountId) => {
      calls.quotas.push(accountId);
      return options.quota ? options.quota(accountId) : { quota: null, expected: null };
    },
    getForm: () => form,
    errorsFor: (path) => errors[path] ?? [],
    messageFor: (path) => (errors[path]?.[0] ? messageText(errors[path][0]) : null),
    blur: (path) => {
      calls.blurs.push(path);
    },
    change: (path, value) => {
      calls.changes.push({ path, value });
      form = setIn(form, path, value);
      notify();
    },
    toggle: (path, on) => {
      form = setIn(form, path, on);
      notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getErrors: () => errors,
    calls,
    set: (path, value) => {
      form = setIn(form, path, value);
      notify();
    },
    setErrors: (next) => {
      errors = next;
      notify();
    },
  };
  return ctx;
}

/** Stand-in texts of a few engine messages (the builder formats them from schemas/messages). */
function messageText(error: FieldError): string {
  if (error.key === "validation.required") return "Is required.";
  if (error.key === "validation.between.string.max")
    return `May not be greater than ${error.values?.n} characters.`;
  return error.key;
}

export const requiredError: FieldError[] = [{ key: "validation.required", rule: "required" }];

/** A list of at least one entry and at most `max` that has none. */
export const tooFewError = (max: number): FieldError[] => [
  { key: "validation.between.array", values: { min: 1, max }, rule: "array_min" },
];

/** The schema of a list of texts drawn as chips (keywords, accounts, reasons). */
export const textListSchema = { type: "array" as const, items: { type: "string" as const } };

export type HarnessProps = {
  widget: Widget;
  ctx: TestContext;
  path: string;
  label: string;
  schema?: RJSFSchema;
  disabled?: boolean;
  readonly?: boolean;
  /** The value to start with; by default the form's value at `path`. */
  value?: unknown;
  onValue?(value: unknown): void;
};

/** One widget with the props the builder's forms give it; its value lives in the harness and in the form. */
export function WidgetHarness({
  widget: W,
  ctx,
  path,
  label,
  schema = {},
  disabled,
  readonly,
  value,
  onValue,
}: HarnessProps) {
  const [current, setCurrent] = useState<unknown>(() =>
    value === undefined ? getPath(ctx.form, path) : value,
  );
  const registry = { formContext: ctx } as unknown as Registry;
  const props: WidgetProps = {
    id: idOf(path),
    name: path.split(".").at(-1) ?? path,
    value: current,
    label,
    schema,
    uiSchema: {},
    options: {},
    registry,
    formContext: ctx,
    required: false,
    disabled: disabled ?? false,
    readonly: readonly ?? false,
    autofocus: false,
    rawErrors: [],
    onChange: (next: unknown) => {
      setCurrent(next);
      ctx.set(path, next);
      onValue?.(next);
    },
    onBlur: (id: string) => ctx.blur(pathOf(id)),
    onFocus: () => {},
  };
  return (
    <div className="widget-harness" style={{ maxInlineSize: "40rem", padding: "1rem" }}>
      {/* The builder's field template labels the simple fields; the others label themselves. */}
      {!ownsLabel(schema) && (
        <label htmlFor={props.id} className="widget-label">
          {label}
        </label>
      )}
      <W {...props} />
    </div>
  );
}

/** The app's providers (router, session, dialogs, i18n) around a story or a test. */
export function WithProviders({ children }: { children: ReactNode }) {
  return <Providers>{children}</Providers>;
}

/** A small file of `size` bytes, all `fill` (a JPEG by default). */
export function fileOf(name: string, size: number, fill = 1, type = "image/jpeg"): File {
  return new File([new Uint8Array(size).fill(fill)], name, { type });
}

export type WidgetStoryProps = Omit<HarnessProps, "ctx"> & {
  /** How the builder around the widget is set up (form, provider, errors, team setting…). */
  context?: ContextOptions;
  /**
   * Plan-gated: the builder's field template draws the star and the message beside a disabled widget; the story
   * draws them the same way so the state can be seen.
   */
  gated?: boolean;
};

/** A story of one widget: its own builder context (made once), the field's first error and the plan gate shown. */
export function WidgetStory({ context, gated, ...harness }: WidgetStoryProps) {
  const [ctx] = useState(() => makeContext(context));
  const message = ctx.messageFor(harness.path);
  return (
    <WithProviders>
      {(message || gated) && (
        <p style={{ margin: "1rem 1rem 0" }}>
          {message && <span className="field-error">– {message}</span>}
          {gated && (
            <span className="builder-gate">
              <FeatureStar /> <Trans>You don't have access to that feature.</Trans>
            </span>
          )}
        </p>
      )}
      <WidgetHarness ctx={ctx} {...harness} disabled={harness.disabled || gated} />
    </WithProviders>
  );
}
