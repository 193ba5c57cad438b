/**
 * /team/one-shot/{contestId?} (app-shell.md §2): the team's paid one-shot contests (paid_contest) and the one to
 * complete.
 * - With a contest id: a one-shot draft that is paid opens in the builder to be completed (it is then created
 *   without the contestBuilder feature); one still waiting for its payment links to its checkout; a contest
 *   already created links to its page.
 * - Back from the quick-draw checkout (?name=&provider=&matched=): the bought import, in the one-shot import
 *   dialog, opened on arrival.
 * - The list: the contests whose list item says paid_contest or for_payment (see the file's report: the list
 *   call does not answer those fields yet), and the two offers.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import offers from "../../../../schemas/offers.json";
import { useBuilder } from "../../builder/BuilderHost";
import { fetchContestList } from "../../contest/api";
import { ContestStatusBadge } from "../../contest/badges";
import { ContestHeader } from "../../contest/ContestHeader";
import "../../contest/contests.css";
import { PostPreview } from "../../contest/PostPreview";
import { detectPost } from "../../contest/providers";
import { type ContestData, type ContestListEntry, contestPath } from "../../contest/types";
import { useContest } from "../../contest/useContest";
import { useDialogs } from "../../dialogs/DialogHost";
import { OneShotImportDialog } from "../../dialogs/OneShotImportDialog";
import { useSession } from "../../session/session";
import { usePageTitle } from "../../usePageTitle";

function checkoutPathOf(id: "contestBuilder" | "quickDraw"): string {
  return (
    offers.offers.find((o) => o.id === id)?.checkout_path ?? `/checkout-session/one-shot/${id.toLowerCase()}`
  );
}

/** One-shot contests of the team, from the lists (drafts waiting for payment and created contests). */
export async function loadOneShots(): Promise<ContestListEntry[]> {
  const [drafts, contests] = await Promise.all([
    fetchContestList(["draft"], 1, 100),
    fetchContestList([], 1, 100),
  ]);
  return [...drafts.entries, ...contests.entries].filter(
    (c) => c.paid_contest === true || c.for_payment === true,
  );
}

/** The contest to complete: what to do with it depends on where it is. */
export function OneShotContest({ contest }: { contest: ContestData }) {
  const session = useSession();
  const builder = useBuilder();
  if (contest.status !== "draft") {
    return (
      <section className="card">
        <p>
          <Trans>This contest is created.</Trans>
        </p>
        <Link className="button primary" to={contestPath(contest._id)}>
          <Trans>Go to the contest</Trans>
        </Link>
      </section>
    );
  }
  if (!contest.paid_contest) {
    const checkout = `${checkoutPathOf("contestBuilder")}?${new URLSearchParams({ contest_id: contest._id })}`;
    return (
      <section className="card">
        <p>
          <Trans>
            This one-shot contest is waiting for its payment. Once paid, you can complete and create it.
          </Trans>
        </p>
        <a className="button primary" href={checkout}>
          <Trans>Pay for this contest</Trans>
        </a>
      </section>
    );
  }
  const allowed = session.can("team.contests.create_contests team.contests.update_drafts");
  return (
    <section className="card">
      <p>
        <Trans>This one-shot contest is paid. Complete it in the builder, then create it.</Trans>
      </p>
      <button
        type="button"
        className="button primary"
        disabled={!allowed}
        onClick={() => builder.open({ kind: "draft", id: contest._id, paid_contest: true })}
      >
        <Trans>Complete the contest</Trans>
      </button>
    </section>
  );
}

function ContestToComplete({ id }: { id: string }) {
  const { contest, loading, error, reload } = useContest(id);
  if (contest) {
    return (
      <>
        <ContestHeader contest={contest} />
        <OneShotContest contest={contest} />
      </>
    );
  }
  if (loading) {
    return (
      <p className="page-state" role="status">
        <Trans>Loading the contest…</Trans>
      </p>
    );
  }
  return (
    <div className="page-state" role="alert">
      <p>
        <Trans>The contest could not be loaded.</Trans> {error instanceof Error ? error.message : null}
      </p>
      <button type="button" className="button" onClick={() => void reload()}>
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}

function BoughtImport() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const dialogs = useDialogs();
  const navigate = useNavigate();
  const matched = params.get("matched") ?? "";
  const post = matched ? detectPost(matched) : null;
  const name = params.get("name") ?? "";
  const opened = useRef(false);

  const open = () => {
    if (!post) return;
    dialogs.open((close) => (
      <OneShotImportDialog
        post={post}
        initialName={name}
        onClose={close}
        onImported={(id) => {
          close();
          void navigate(contestPath(id));
          void dialogs.alert({ type: "success", title: t`The post is imported` });
        }}
      />
    ));
  };
  const openRef = useRef(open);
  openRef.current = open;
  const hasPost = post !== null;
  useEffect(() => {
    if (hasPost && !opened.current) {
      opened.current = true;
      openRef.current();
    }
  }, [hasPost]);

  if (!matched) return null;
  return (
    <section className="card" aria-labelledby="bought-import">
      <h2 id="bought-import">
        <Trans>Your one-shot quick draw</Trans>
      </h2>
      {post ? (
        <>
          <PostPreview post={post} />
          <button type="button" className="button primary" onClick={open}>
            <Trans>Import the post</Trans>
          </button>
        </>
      ) : (
        <p role="alert" className="field-error">
          <Trans>
            The link of the bought import is not a post Fairdraw can read.{" "}
            <Link to="/contests/quickdraw">Import another post</Link>
          </Trans>
        </p>
      )}
    </section>
  );
}

function OneShotList() {
  const [state, setState] = useState<
    | { status: "loading" }
    | { status: "error"; message: string }
    | { status: "ready"; list: ContestListEntry[] }
  >({ status: "loading" });
  const session = useSession();
  const allowed = session.can("team.contests.view_contests");

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    loadOneShots().then(
      (list) => live && setState({ status: "ready", list }),
      (e: unknown) =>
        live && setState({ status: "error", message: e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [allowed]);

  if (!allowed) return null;
  return (
    <section className="card" aria-labelledby="one-shot-list">
      <h2 id="one-shot-list">
        <Trans>Your one-shot contests</Trans>
      </h2>
      {state.status === "loading" ? (
        <p role="status">
          <Trans>Loading the contests…</Trans>
        </p>
      ) : state.status === "error" ? (
        <p role="alert" className="field-error">
          <Trans>The contests could not be loaded: {state.message}</Trans>
        </p>
      ) : state.list.length === 0 ? (
        <p className="muted">
          <Trans>No one-shot contest yet.</Trans>
        </p>
      ) : (
        <ul className="plain-list">
          {state.list.map((c) => (
            <li key={c._id}>
              <Link to={`/team/one-shot/${encodeURIComponent(c._id)}`}>{c.name}</Link>
              <ContestStatusBadge status={c.status} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function OneShotPage() {
  const { t } = useLingui();
  usePageTitle(t`One-shot contests`);
  const { contestId } = useParams();
  const session = useSession();
  const builder = useBuilder();

  if (contestId) {
    return <ContestToComplete id={contestId} />;
  }
  return (
    <>
      <div className="page-head">
        <h1>
          <Trans>One-shot contests</Trans>
        </h1>
      </div>
      <p>
        <Trans>
          A one-shot contest is paid for by itself, without a subscription: a contest made with the builder,
          or a quick draw of a post you already published.
        </Trans>
      </p>
      <BoughtImport />
      <OneShotList />
      <section className="card" aria-labelledby="one-shot-offers">
        <h2 id="one-shot-offers">
          <Trans>Buy a one-shot contest</Trans>
        </h2>
        <div className="quick-actions">
          {session.can("team.contests.create_drafts team.contests.create_contests") && (
            <button type="button" className="button primary" onClick={() => builder.open()}>
              <Trans>Make a contest in the builder</Trans>
            </button>
          )}
          {session.can("team.contests.import_contests") && (
            <Link className="button" to="/contests/quickdraw">
              <Trans>Quick draw of a published post</Trans>
            </Link>
          )}
        </div>
      </section>
    </>
  );
}
