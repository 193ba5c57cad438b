/**
 * Which Threads media a post id names. A link carries the post's shortcode (threads.com/@user/post/{shortcode});
 * the API names media by a numeric id and has no lookup by shortcode, so a shortcode is found among the linked
 * account's own threads (GET /me/threads?fields=id,shortcode, newest first, at most MAX_PAGES pages): a quick
 * import reads the replies of the team's own posts, which is what threads_read_replies allows. A numeric id is
 * taken as it is.
 */
import { PostUnavailable } from "../errors";
import type { GraphApi } from "../shared/graph-api";

export type ThreadsList<T> = { data?: T[]; paging?: { cursors?: { after?: string }; next?: string } };
type Item = { id: string; shortcode?: string };

const MAX_PAGES = 20;

export const isMediaId = (postId: string) => /^\d+$/.test(postId);

export async function mediaIdOf(api: GraphApi, postId: string): Promise<string> {
  if (isMediaId(postId)) return postId;
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const list = await api.get<ThreadsList<Item>>("me/threads", {
      fields: "id,shortcode",
      limit: 100,
      after,
    });
    const found = (list.data ?? []).find((t) => t.shortcode === postId);
    if (found) return found.id;
    after = list.paging?.cursors?.after;
    if (!list.paging?.next || !after) break;
  }
  throw new PostUnavailable(`threads post ${postId} is not among the linked account's threads`);
}
