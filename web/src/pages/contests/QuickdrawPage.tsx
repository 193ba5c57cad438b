/**
 * /contests/quickdraw (app-shell.md §2, §5, §7): import an existing post as a (classic) contest. The network is
 * read from the pasted link, the post is previewed, the contest is named (4 to 50 characters) and imported; the
 * person then lands on the contest. A team without imports gets the one-shot purchase instead
 * (/checkout-session/one-shot/quickdraw?name=&provider=&matched=, a full-page link).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import "../../contest/contests.css";
import { ImportPostForm } from "../../contest/ImportPostForm";
import { PostLinkField } from "../../contest/PostLinkField";
import { type DetectedPost, detectPost } from "../../contest/providers";
import { contestPath } from "../../contest/types";
import { useDialogs } from "../../dialogs/DialogHost";
import { useSession, useUser } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";

export default function QuickdrawPage() {
  const { t } = useLingui();
  usePageTitle(t`Quick draw`);
  const session = useSession();
  const user = useUser();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [link, setLink] = useState(params.get("url") ?? "");
  const [post, setPost] = useState<DetectedPost | null>(() => (link ? detectPost(link) : null));
  const allowed = session.can("team.contests.import_contests");
  const noImports = (user.currentTeam.quotas as { imports?: number }).imports === 0;

  const imported = (id: string) => {
    void navigate(contestPath(id));
    void dialogs.alert({
      type: "success",
      title: t`The post is imported`,
      description: t`Load its entries when you are ready to draw.`,
    });
  };

  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>Quick draw</Trans>
        </h1>
      </div>
      <p>
        <Trans>
          Already published a contest post? Import it: Fairdraw loads its entries and draws the winners. To
          prepare and publish a new contest instead, <Link to="/contests/create">create a contest</Link>.
        </Trans>
      </p>
      {!allowed ? (
        <p className="notice" role="status">
          <Trans>You don't have the permission to import contests in this team.</Trans>
        </p>
      ) : (
        <section className="card">
          <PostLinkField
            value={link}
            autoFocus
            onChange={(value, detected) => {
              setLink(value);
              setPost(detected);
            }}
          />
          {post && (
            <ImportPostForm
              key={`${post.provider}:${post.post_id}`}
              post={post}
              initialName={params.get("name") ?? ""}
              noImports={noImports}
              onImported={imported}
            />
          )}
        </section>
      )}
    </>
  );
}
