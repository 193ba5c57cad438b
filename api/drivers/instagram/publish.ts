/**
 * Publishing on Instagram by the two-phase container flow (Content Publishing API):
 * 1. the account's 24-hour publishing limit read first (/{ig-user-id}/content_publishing_limit: quota_usage
 *    against config.quota_total): a spent limit is RateLimited, nothing made;
 * 2. a container made from an URL Meta fetches: each upload at its signed, expiring public address
 *    (api/services/public-media.ts); one image or video, or a carousel of their containers;
 * 3. the container polled until its status_code is FINISHED, a bounded number of times (POLL_TRIES, POLL_MS
 *    apart): ERROR or EXPIRED, or still IN_PROGRESS after the last try, is ContainerUnfinished (data: the job
 *    is tried again later, and a new container made then);
 * 4. media_publish of the container.
 * A publication asked again (the scheduler after a restart) is first looked for among the account's newest media
 * by its caption, rather than published twice.
 */
import { NetworkUnavailable, RateLimited } from "../errors";
import type { GraphApi } from "../shared/graph-api";
import type { IgMedia, Paged } from "./media";

export const POLL_TRIES = 10;
export const POLL_MS = 3_000;

/** The container did not become FINISHED (its status said why, or it was still in progress). */
export class ContainerUnfinished extends NetworkUnavailable {}

export type PublishingLimit = { used: number; total: number; duration_seconds: number };
type LimitAnswer = {
  data?: { quota_usage?: number; config?: { quota_total?: number; quota_duration?: number } }[];
};

export async function publishingLimit(api: GraphApi, userId: string, cap: number): Promise<PublishingLimit> {
  const got = await api.get<LimitAnswer>(`${userId}/content_publishing_limit`, {
    fields: "config,quota_usage",
  });
  const row = got.data?.[0];
  return {
    used: row?.quota_usage ?? 0,
    total: row?.config?.quota_total ?? cap,
    duration_seconds: row?.config?.quota_duration ?? 86_400,
  };
}

export type PublicMedia = { url: string; mime: string };

async function container(
  api: GraphApi,
  userId: string,
  media: PublicMedia,
  extra: Record<string, string | boolean>,
): Promise<string> {
  const video = media.mime.startsWith("video/");
  const made = await api.post<{ id: string }>(`${userId}/media`, {
    ...(video ? { media_type: "REELS", video_url: media.url } : { image_url: media.url }),
    ...extra,
  });
  return made.id;
}

async function waitFinished(api: GraphApi, id: string, sleep: (ms: number) => Promise<void>): Promise<void> {
  for (let n = 0; n < POLL_TRIES; n++) {
    const got = await api.get<{ status_code?: string; status?: string }>(id, {
      fields: "status_code,status",
    });
    if (got.status_code === "FINISHED" || got.status_code === "PUBLISHED") return;
    if (got.status_code === "ERROR" || got.status_code === "EXPIRED") {
      throw new ContainerUnfinished(`instagram container ${got.status_code}: ${got.status ?? ""}`.trim());
    }
    await sleep(POLL_MS);
  }
  throw new ContainerUnfinished(`instagram container not FINISHED after ${POLL_TRIES} polls`);
}

export async function publishPost(
  api: GraphApi,
  input: {
    userId: string;
    caption: string;
    media: PublicMedia[];
    dailyCap: number;
    sleep: (ms: number) => Promise<void>;
  },
): Promise<string> {
  const { userId, caption } = input;
  // Asked again: the post made the first time, found by its caption among the newest.
  const recent = await api.get<Paged<IgMedia>>(`${userId}/media`, { fields: "id,caption", limit: 25 });
  const before = (recent.data ?? []).find((m) => m.caption === caption);
  if (before) return before.id;
  if (input.media.length === 0) {
    throw new NetworkUnavailable("instagram posts need an image or a video: the publication has none");
  }
  const limit = await publishingLimit(api, userId, input.dailyCap);
  if (limit.used >= limit.total) {
    throw new RateLimited(
      60 * 60_000,
      `instagram publishing limit spent: ${limit.used} of ${limit.total} in ${limit.duration_seconds} s`,
    );
  }
  let id: string;
  if (input.media.length === 1) {
    id = await container(api, userId, input.media[0] as PublicMedia, { caption });
  } else {
    const children: string[] = [];
    for (const m of input.media.slice(0, 10)) {
      children.push(await container(api, userId, m, { is_carousel_item: true }));
    }
    for (const child of children) await waitFinished(api, child, input.sleep);
    id = (
      await api.post<{ id: string }>(`${userId}/media`, {
        media_type: "CAROUSEL",
        children: children.join(","),
        caption,
      })
    ).id;
  }
  await waitFinished(api, id, input.sleep);
  const published = await api.post<{ id: string }>(`${userId}/media_publish`, { creation_id: id });
  return published.id;
}
