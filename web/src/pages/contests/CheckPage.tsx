/**
 * /contests/check (app-shell.md §2): check a contest by its link. A post link is read (its network, author and
 * post), previewed, and can be imported as a classic contest (the quick-draw call, in its dialog). A Fairdraw
 * proof link (/verify/{id}) opens that draw's proof. A frozen team may use this page (the route guard lets it
 * through): it can check links, and is told that imports wait for the payment to be settled.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import "../../contest/contests.css";
import { PostLinkField } from "../../contest/PostLinkField";
import { PostPreview } from "../../contest/PostPreview";
import type { DetectedPost } from "../../contest/providers";
import { contestPath } from "../../contest/types";
import { useDialogs } from "../../dialogs/DialogHost";
import { openQuickdrawImport } from "../../dialogs/QuickdrawImportDialog";
import { useSession, useUser } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";

/** The contest id of a Fairdraw proof link (…/verify/{id}), or null. */
export function verifyIdOf(link: string): string | null {
  const match = /(?:^|\/)verify\/([A-Za-z0-9_-]{1,64})\/?(?:[?#].*)?$/.exec(link.trim());
  return match?.[1] ?? null;
}

export default function CheckPage() {
  const { t } = useLingui();
  usePageTitle(t`Check a contest`);
  const session = useSession();
  const user = useUser();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const [link, setLink] = useState("");
  const [post, setPost] = useState<DetectedPost | null>(null);
  const frozen = user.currentTeam.frozen !== null && user.currentTeam.frozen !== undefined;
  const canImport = session.can("team.contests.import_contests");
  const noImports = (user.currentTeam.quotas as { imports?: number }).imports === 0;
  const verifyId = post ? null : verifyIdOf(link);

  const importIt = (p: DetectedPost) =>
    openQuickdrawImport(dialogs, {
      post: p,
      noImports,
      onImported: (id) => {
        dialogs.close();
        void navigate(contestPath(id));
        void dialogs.alert({ type: "success", title: t`The post is imported` });
      },
    });

  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>Check a contest</Trans>
        </h1>
      </div>
      <p>
        <Trans>
          Paste the link of a contest post to see which network and post it is, then import it as a classic
          contest to load its entries and draw its winners. A Fairdraw proof link shows how its draw was made.
        </Trans>
      </p>
      <section className="card">
        <PostLinkField
          value={link}
          autoFocus
          recognisedOther={verifyId ? t`Proof link of a Fairdraw draw recognised.` : undefined}
          onChange={(value, detected) => {
            setLink(value);
            setPost(detected);
          }}
        />
        {verifyId && (
          <p role="status">
            <Link className="button primary" to={`/verify/${encodeURIComponent(verifyId)}`}>
              <Trans>See the proof of this draw</Trans>
            </Link>
          </p>
        )}
        {post && (
          <>
            <PostPreview post={post} />
            {frozen ? (
              <p className="notice" role="note">
                <Trans>
                  Your team's payment must be settled before it can import a contest.{" "}
                  <Link to="/team/billing">Go to billing</Link>
                </Trans>
              </p>
            ) : canImport ? (
              <button type="button" className="button primary" onClick={() => importIt(post)}>
                <Trans>Import as a classic contest</Trans>
              </button>
            ) : (
              <p className="muted">
                <Trans>You don't have the permission to import contests in this team.</Trans>
              </p>
            )}
          </>
        )}
      </section>
    </>
  );
}
