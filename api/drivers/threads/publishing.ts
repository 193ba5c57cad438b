/**
 * Publishing on Threads: a media container (POST /me/threads: TEXT, or IMAGE with an image_url Meta can fetch),
 * waited for until its status is FINISHED (GET /{container}?fields=id,status,error_message, a bounded number of
 * times), then published (POST /me/threads_publish?creation_id). Replies are the same with reply_to_id. The
 * account's publishing cap (GET /me/threads_publishing_limit) is read first: a spent cap waits (RateLimited).
 * A publication asked again (the scheduler after a restart) is looked for first among the account's newest
 * threads or replies by its text, and answered, rather than posted twice.
 */
import { NetworkUnavailable, RateLimited } from "../errors";
import type { GraphApi } from "../shared/graph-api";
import type { ThreadsList } from "./media";

export type ContainerWait = { tries: number; everyMs: number; sleep?: (ms: number) => Promise<void> };
type Container = { id: string; status?: string; error_message?: string };
type Config = { quota_total?: number; quota_duration?: number };
type Quota = { quota_usage?: number; config?: Config; reply_quota_usage?: number; reply_config?: Config };
type Mine = { id: string; text?: string; replied_to?: { id?: string } };

/** The newest posts (or replies) looked at for one made before: a retry comes within minutes. */
const RECENT = 25;

/** The cap's state: how many posts (or replies) the account published in its window and may publish. */
export async function publishingLimit(
  api: GraphApi,
  replies: boolean,
): Promise<{ used: number; total: number | null; windowS: number }> {
  const list = await api.get<ThreadsList<Quota>>("me/threads_publishing_limit", {
    fields: replies ? "reply_quota_usage,reply_config" : "quota_usage,config",
  });
  const q = list.data?.[0];
  const config = replies ? q?.reply_config : q?.config;
  return {
    used: (replies ? q?.reply_quota_usage : q?.quota_usage) ?? 0,
    total: config?.quota_total ?? null,
    windowS: config?.quota_duration ?? 86_400,
  };
}

export async function findMine(api: GraphApi, text: string, replyTo: string | null): Promise<string | null> {
  const list = await api.get<ThreadsList<Mine>>(replyTo ? "me/replies" : "me/threads", {
    fields: replyTo ? "id,text,replied_to" : "id,text",
    limit: RECENT,
  });
  const found = (list.data ?? []).find(
    (t) => t.text === text && (replyTo === null || t.replied_to?.id === replyTo),
  );
  return found?.id ?? null;
}

export async function publishContainer(
  api: GraphApi,
  post: { text: string; image_url?: string; reply_to_id?: string; quote_post_id?: string },
  wait: ContainerWait,
): Promise<string> {
  const limit = await publishingLimit(api, post.reply_to_id !== undefined);
  if (limit.total !== null && limit.used >= limit.total) {
    // Meta counts the cap over a rolling window: the wait is at most the window's length.
    throw new RateLimited(limit.windowS * 1000, `threads publishing cap spent: ${limit.used}/${limit.total}`);
  }
  const made = await api.post<Container>("me/threads", {
    media_type: post.image_url ? "IMAGE" : "TEXT",
    text: post.text,
    image_url: post.image_url,
    reply_to_id: post.reply_to_id,
    quote_post_id: post.quote_post_id,
  });
  const sleep = wait.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  for (let n = 0; ; n++) {
    const c = await api.get<Container>(made.id, { fields: "id,status,error_message" });
    if (c.status === "FINISHED") break;
    if (c.status === "ERROR" || c.status === "EXPIRED") {
      throw new NetworkUnavailable(`threads container ${c.status}: ${c.error_message ?? ""}`);
    }
    if (c.status === "PUBLISHED") return made.id;
    if (n + 1 >= wait.tries) {
      throw new NetworkUnavailable(`threads container not finished after ${wait.tries} checks`);
    }
    await sleep(wait.everyMs);
  }
  const published = await api.post<{ id: string }>("me/threads_publish", { creation_id: made.id });
  return published.id;
}
