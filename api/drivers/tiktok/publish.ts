/**
 * Publishing a video through TikTok's Content Posting API (Direct Post): the creator's options
 * (creator_info/query), the post initialised with the video's size (video/init, FILE_UPLOAD in one chunk), the
 * bytes PUT to the upload URL TikTok answers, then the status polled (status/fetch), a bounded number of times,
 * until TikTok says it is published. An application TikTok has not audited may post only private videos
 * (SELF_ONLY): the definition says so (publishing.private_until_audited) and P_APP_AUDITED says it was audited.
 * A private video has no public id: the publication is known by its publish_id (`publish/{id}`).
 * The publish_id is kept (by contest, source and key) as soon as TikTok answers it: a publication asked again (the
 * scheduler after a restart, or after the polling ran out) polls that post instead of sending the video twice.
 */
import { NetworkUnavailable, PostUnavailable } from "../errors";
import type { MediaReader } from "../shared/stores";
import type { PublishRequest } from "../types";
import type { TiktokApi } from "./api";

type CreatorInfo = { privacy_level_options?: string[]; max_video_post_duration_sec?: number };
type InitAnswer = { publish_id?: string; upload_url?: string };
type StatusAnswer = {
  status?: "PROCESSING_UPLOAD" | "PROCESSING_DOWNLOAD" | "SEND_TO_USER_INBOX" | "PUBLISH_COMPLETE" | "FAILED";
  fail_reason?: string;
  publicaly_available_post_id?: (number | string)[];
};

/** TikTok's single-chunk limit (64 MB): a larger video would go in chunks, which we do not send yet. */
const MAX_SINGLE_CHUNK = 64 * 1024 * 1024;

/** Where a publication's publish_id is kept between tries (contests.meta.network_cursors). */
export interface PendingPublishes {
  load(request: PublishRequest): Promise<string | null>;
  save(request: PublishRequest, publishId: string): Promise<void>;
}

export type PublishOptions = {
  api: TiktokApi;
  pending: PendingPublishes;
  media: MediaReader;
  fetch: typeof globalThis.fetch;
  /** Everything is posted private (SELF_ONLY) unless the application was audited. */
  privateOnly: boolean;
  /** How many times the status is asked, and how long between two asks. */
  polls: number;
  pollMs: number;
  sleep: (ms: number) => Promise<void>;
};

/** The privacy a post goes out with: public when allowed, else the widest the creator offers. */
export function privacyOf(options: readonly string[], privateOnly: boolean): string {
  if (privateOnly) return "SELF_ONLY";
  for (const p of ["PUBLIC_TO_EVERYONE", "FOLLOWER_OF_CREATOR", "MUTUAL_FOLLOW_FRIENDS", "SELF_ONLY"]) {
    if (options.includes(p)) return p;
  }
  return "SELF_ONLY";
}

export async function publishVideo(o: PublishOptions, request: PublishRequest): Promise<string> {
  const before = await o.pending.load(request);
  const publishId = before ?? (await sendVideo(o, request));
  for (let n = 0; n < o.polls; n++) {
    const s = await o.api.v2<StatusAnswer>(
      "POST",
      "post/publish/status/fetch/",
      {},
      { publish_id: publishId },
      ["publicaly_available_post_id"],
    );
    if (s.status === "PUBLISH_COMPLETE") {
      const id = s.publicaly_available_post_id?.[0];
      return id !== undefined ? String(id) : `publish/${publishId}`;
    }
    if (s.status === "FAILED") throw new NetworkUnavailable(`tiktok publish failed: ${s.fail_reason ?? ""}`);
    await o.sleep(o.pollMs);
  }
  throw new NetworkUnavailable(`tiktok publish ${publishId}: still processing after ${o.polls} polls`);
}

/** The video sent: initialised, kept as pending, uploaded in one chunk; its publish_id. */
async function sendVideo(o: PublishOptions, request: PublishRequest): Promise<string> {
  let video: { bytes: Uint8Array; mime: string } | null = null;
  for (const id of request.media) {
    const m = await o.media.read(id);
    if (m?.mime.startsWith("video/")) {
      video = m;
      break;
    }
  }
  // TikTok posts are videos (text alone is not a post): the definition says text: false, so the builder asks
  // for one; a publication without it cannot be made.
  if (!video) throw new PostUnavailable("tiktok publishes a video, and the publication has none");
  if (video.bytes.byteLength > MAX_SINGLE_CHUNK) {
    throw new PostUnavailable("tiktok: videos over 64 MB are sent in chunks, not supported yet");
  }
  const creator = await o.api.v2<CreatorInfo>("POST", "post/publish/creator_info/query/", {});
  const privacy = privacyOf(creator.privacy_level_options ?? [], o.privateOnly);
  const size = video.bytes.byteLength;
  const init = await o.api.v2<InitAnswer>(
    "POST",
    "post/publish/video/init/",
    {},
    {
      post_info: { privacy_level: privacy, title: request.text },
      source_info: { source: "FILE_UPLOAD", video_size: size, chunk_size: size, total_chunk_count: 1 },
    },
  );
  if (!init.publish_id || !init.upload_url) throw new NetworkUnavailable("tiktok video/init: no upload URL");
  await o.pending.save(request, init.publish_id);
  const put = await o.fetch(init.upload_url, {
    method: "PUT",
    headers: {
      "content-type": video.mime,
      "content-length": String(size),
      "content-range": `bytes 0-${size - 1}/${size}`,
    },
    body: new Blob([video.bytes as Uint8Array<ArrayBuffer>]),
  });
  if (!put.ok) throw new NetworkUnavailable(`tiktok upload: ${put.status}`);
  return init.publish_id;
}
