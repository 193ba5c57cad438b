/**
 * What a pasted post link was read as (quickdraw, contest-builder.md §1): the network, the author when the link
 * shows one, the post's id and a link to open it. Nothing is fetched from the network: the link is the preview.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { ProviderMark } from "../components/ProviderMark";
import type { DetectedPost } from "./providers";

export function PostPreview({ post }: { post: DetectedPost }) {
  const { t } = useLingui();
  const author = post.user && !post.user.startsWith("did:") ? post.user : null;
  return (
    <section className="post-preview" aria-label={t`Post preview`} data-provider={post.provider}>
      <ProviderMark provider={post.provider} withName />
      {author && (
        <span>
          <Trans>
            By <strong>@{author}</strong>
          </Trans>
        </span>
      )}
      <span className="muted">
        <Trans>Post {post.post_id}</Trans>
      </span>
      <a href={post.url} target="_blank" rel="noopener noreferrer">
        <Trans>Open the post</Trans>
      </a>
    </section>
  );
}
