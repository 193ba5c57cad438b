/**
 * An Instagram post as the Graph API has it (IGMedia). A link names a post by its shortcode
 * (instagram.com/p/{shortcode}); the API names it by a media id and has no lookup by shortcode, and it reads only
 * the linked account's own media. So a shortcode is matched against the account's media list
 * (/{ig-user-id}/media, `shortcode` field, newest first, pages of 50, at most MAX_MEDIA_PAGES): a post that is not
 * the account's, or older than that, cannot be read (PostUnavailable: the import is refused, 422). A media id
 * (all digits, as a resolved import keeps it) is read directly.
 */
import { PostUnavailable } from "../errors";
import type { GraphApi } from "../shared/graph-api";
import type { ResolvedPost } from "../types";

export type IgMedia = {
  id: string;
  shortcode?: string;
  caption?: string;
  timestamp?: string;
  username?: string;
  permalink?: string;
  comments_count?: number;
  media_type?: string;
  owner?: { id: string };
};
export type Paged<T> = {
  data?: T[];
  paging?: { cursors?: { before?: string; after?: string }; next?: string };
};

/** 20 pages of 50: a thousand posts back. */
export const MAX_MEDIA_PAGES = 20;
const MEDIA_FIELDS = "id,shortcode,caption,timestamp,username,permalink,comments_count";

export const isMediaId = (postId: string) => /^\d{6,}$/.test(postId);

/** The post a link or a stored source names, read as the account `userId`. */
export async function findMedia(api: GraphApi, userId: string, postId: string): Promise<IgMedia> {
  if (isMediaId(postId)) return await api.get<IgMedia>(postId, { fields: MEDIA_FIELDS });
  let after: string | undefined;
  for (let page = 0; page < MAX_MEDIA_PAGES; page++) {
    const list = await api.get<Paged<IgMedia>>(`${userId}/media`, { fields: MEDIA_FIELDS, limit: 50, after });
    const found = (list.data ?? []).find((m) => m.shortcode === postId);
    if (found) return found;
    after = list.paging?.next ? list.paging.cursors?.after : undefined;
    if (!after) break;
  }
  throw new PostUnavailable(`instagram post ${postId} is not among the linked account's media`);
}

export function resolvedOf(media: IgMedia, userId: string): ResolvedPost {
  return {
    post_id: media.id,
    author_id: media.owner?.id ?? userId,
    author_screen_name: media.username ?? null,
    text: media.caption ?? "",
    published_at: media.timestamp ?? null,
  };
}
