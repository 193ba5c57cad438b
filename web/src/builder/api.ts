/**
 * The builder's calls (contest-builder.md §7), through the typed client and `unwrap` like every call of the app:
 * the config of the team's plan, the origins (a draft, a contest or a template) with their files, the create and
 * update calls of §4 (submit, draft, template), the welcome pane's lists, uploads, shortlinks and the team setting.
 */
import type { BuilderCallInput, LoadedOrigin } from "../../../engine/builder/machine";
import type { Origin } from "../../../engine/builder/origin";
import type { CompiledConfig } from "../../../engine/config/compile";
import type { BuilderConfig, ValidationContext } from "../../../engine/config/types";
import { payloadOf } from "../../../engine/payload";
import { api, callHeaders, ensureCsrf, refreshCsrf, unwrap } from "../api/client";
import { ApiError, NETWORK_ERROR, toApiError } from "../api/errors";
import { formFromContest, type StoredContest } from "./contest-form";
import type { ShortlinksOnPaste, TeamAccount, UploadedMedia } from "./form-context";

/** The builder config as served: the rules of the team's plan, and what the team has (features, quotas, accounts). */
export type ServedConfig = BuilderConfig & {
  /** The app's public address: a post's {DRAW_LINK} is public_url/verify/{contest id}. */
  public_url?: string;
  team: {
    features: string[];
    quotas: Record<string, number>;
    accounts: Record<string, TeamAccount[]>;
    settings: { contest_builder_create_shortlinks_on_paste: ShortlinksOnPaste };
  };
};

export async function fetchBuilderConfig(): Promise<ServedConfig> {
  const body = await unwrap(api.teams.current["contest-builder"].config.$get());
  return body as unknown as ServedConfig;
}

/** A contest or template as GET …/{id}?with=files answers it: its form in cb_data (null when it has none). */
type OriginBody = StoredContest & { cb_data?: unknown; paid_contest?: boolean; status: string };

/**
 * Loads an origin for the builder (§7): a draft or a planned contest, or a template, with its files. A contest
 * without builder data opens on a form built from what it stores (`served` gives the defaults and accounts).
 */
export async function loadOrigin(origin: Origin, served?: ServedConfig): Promise<LoadedOrigin> {
  if (origin.kind === "new") return { form: {} };
  // The client infers only `param` for these routes; it sends the query given in the same argument.
  const args = { param: { id: origin.id }, query: { with: "files" } };
  const body = (origin.kind === "template"
    ? await unwrap(api.teams.current.templates[":id"].$get(args))
    : await unwrap(api.teams.current.contests[":id"].$get(args))) as unknown as OriginBody;
  const form = body.cb_data ?? (origin.kind === "template" ? {} : formFromContest(body, served));
  return { form, paid_contest: body.paid_contest === true };
}

/** The form as a create/update body: what the team may not use, what is switched off and what is locked reset. */
function formBody(input: BuilderCallInput, config: CompiledConfig, ctx: ValidationContext) {
  const payload = payloadOf(input.form, config, ctx) as BuilderCallInput["form"];
  return { base: payload.base, sources: payload.sources, summary: payload.summary };
}

type Status = "planned" | "draft" | "template";

function callBody(
  input: BuilderCallInput,
  status: Status,
  config: CompiledConfig,
  ctx: ValidationContext,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...formBody(input, config, ctx),
    status,
    forPayment: status === "draft" && input.forPayment,
  };
  if (input.call.method === "create") {
    body.idempotency_key = `${input.idempotencyKey}:${status}`;
    if (status !== "template" && input.origin.kind !== "new" && input.origin.is_duplicate)
      body.is_duplicate = true;
  }
  return body;
}

// The form body is checked by the server against schemas/contest/form.schema.json; the typed client's body type is
// that of the route (a JSON object), so the cast is to the route's json parameter.
type Json = never;

/** An update call's argument: the id, and the body the client sends as given (built apart, passed whole). */
function withId(id: string, json: Json) {
  const args = { param: { id }, json };
  return args;
}

/** §4 Submit: create the contest, or update the planned contest or turn the draft into it. */
export async function submitContest(input: BuilderCallInput, config: CompiledConfig, ctx: ValidationContext) {
  const json = callBody(input, "planned", config, ctx) as Json;
  if (input.call.method === "create") {
    return (await unwrap(api.teams.current.contests.create.$post({ json }))) as { contest_id: string };
  }
  return (await unwrap(api.teams.current.contests[":id"].$post(withId(input.call.id, json)))) as {
    contest_id: string;
  };
}

/** §4: a draft save (status draft; forPayment from the create-paid-contest dialog). */
export async function saveDraft(input: BuilderCallInput, config: CompiledConfig, ctx: ValidationContext) {
  const json = callBody(input, "draft", config, ctx) as Json;
  if (input.call.method === "create") {
    return (await unwrap(api.teams.current.contests.create.$post({ json }))) as { contest_id: string };
  }
  return (await unwrap(api.teams.current.contests[":id"].$post(withId(input.call.id, json)))) as {
    contest_id: string;
  };
}

/** §4: a template export (a new template) or save (the template the builder came from). */
export async function exportTemplate(
  input: BuilderCallInput,
  config: CompiledConfig,
  ctx: ValidationContext,
) {
  const json = callBody(input, "template", config, ctx) as Json;
  if (input.call.method === "create") {
    return (await unwrap(api.teams.current.templates.create.$post({ json }))) as { template_id: string };
  }
  return (await unwrap(api.teams.current.templates[":id"].$post(withId(input.call.id, json)))) as {
    template_id: string;
  };
}

/** A draft or a template as the welcome pane lists them. */
export type SavedItem = {
  _id: string;
  name: string;
  providers: string[];
  status: string;
};

export async function listDrafts(): Promise<SavedItem[]> {
  const body = await unwrap(api.teams.current.contests.list.$get({ query: { status: "draft" } }));
  return body.data as SavedItem[];
}

export async function listTemplates(): Promise<SavedItem[]> {
  const body = await unwrap(api.teams.current.templates.list.$get({ query: {} }));
  return body.data as SavedItem[];
}

/** How far an upload has gone: bytes sent of the request's total. */
export type UploadProgress = (sent: number, total: number) => void;

/** One multipart POST through XMLHttpRequest, the one browser call that reports upload progress. */
function postWithProgress(url: string, file: File, onProgress?: UploadProgress) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const form = new FormData();
    form.append("file", file);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    for (const [name, value] of Object.entries(callHeaders())) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.responseType = "text";
    if (onProgress) {
      xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    }
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status alone speaks
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () =>
      reject(new ApiError(0, { error: NETWORK_ERROR, message: "The server could not be reached." }));
    xhr.send(form);
  });
}

/**
 * POST /upload/contest_builder, multipart with one `file` field, reporting its progress (the typed client does not
 * describe multipart). A refused CSRF token is refreshed and the upload sent once more, as every other call does.
 */
export async function uploadMedia(file: File, onProgress?: UploadProgress): Promise<UploadedMedia> {
  const url = "/api/v1/upload/contest_builder";
  await ensureCsrf();
  let answer = await postWithProgress(url, file, onProgress);
  const key = (answer.body as { error?: unknown } | null)?.error;
  if (answer.status === 403 && key === "csrfTokenMismatch") {
    await refreshCsrf();
    answer = await postWithProgress(url, file, onProgress);
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as UploadedMedia;
  throw toApiError(answer.status, answer.body);
}

export function mediaUrl(uuid: string): string {
  return `/api/v1/upload/view/${encodeURIComponent(uuid)}`;
}

export type Shortlink = {
  _id: string;
  type: "random" | "custom";
  domain: string;
  key: string;
  url: string;
  nb_visits: number;
  created_at: string;
};

/**
 * GET /teams/current/accounts/{id}/quota: the account's standing with its network's limits and what a contest on it
 * is expected to cost (both null for a network without a quota).
 */
export async function fetchAccountQuota(accountId: string) {
  return unwrap(api.teams.current.accounts[":id"].quota.$get({ param: { id: accountId } }));
}

/** What the quota call answers, typed from the route. */
export type AccountQuota = Awaited<ReturnType<typeof fetchAccountQuota>>;

/** The short URL of a shortlink, as it is shared. */
export function shortUrl(link: Pick<Shortlink, "domain" | "key">): string {
  return `https://${link.domain}/${link.key}`;
}

export async function createShortlink(url: string, domain: string): Promise<Shortlink> {
  return (await unwrap(
    api.teams.current.shortlinks.create.$post({ json: { type: "random", domain, url } as Json }),
  )) as Shortlink;
}

/** The team's last 5 shortlinks (the manage-shortlinks modal). */
export async function lastShortlinks(): Promise<Shortlink[]> {
  const body = await unwrap(api.teams.current.shortlinks.list.$get({ query: { limit: "5" } }));
  return body.data as Shortlink[];
}

/** The builder setting of the team (builder settings modal; needs team.settings.edit_information). */
export async function saveShortlinksOnPaste(value: ShortlinksOnPaste): Promise<void> {
  await unwrap(
    api.teams.current.$post({
      json: { meta: { contest_builder_create_shortlinks_on_paste: value } } as Json,
    }),
  );
}
