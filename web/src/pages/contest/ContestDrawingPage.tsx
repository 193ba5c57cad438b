/**
 * /contest/:contestId/drawing (issue 8, docs/draw.md): the action first — the final draw (do_finaldraw, a closed
 * contest, StartFinalDrawDialog with consent and a 5-second hold) and how many take part (and why fewer than the
 * valid entries, DrawableNote), then its winners and substitutes by name and handle with their profiles — then
 * the proof (the seed fingerprint published before the start, the public page where anyone re-runs the draw),
 * then test draws (do_testdraw and the plan's testDraws, else a star and the upgrade text).
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import { ContestFrame } from "../../contest/ContestFrame";
import { focusSection } from "../../contest/focus-section";
import type { ContestData } from "../../contest/types";
import { useDialogs } from "../../dialogs/DialogHost";
import { StartFinalDrawDialog } from "../../dialogs/StartFinalDrawDialog";
import { notify } from "../../feedback/Toasts";
import {
  type Draw,
  fetchAnnouncements,
  fetchDraws,
  fetchEntries,
  fetchVerify,
  makeDraw,
} from "../../lifecycle/api";
import { CallFailed } from "../../lifecycle/CallFailed";
import { WinnersAnnouncements } from "../../lifecycle/WinnersAnnouncement";
import "../../lifecycle/lifecycle.css";
import { verifyPathOf } from "../../lifecycle/contest-rules";
import { DrawableNote } from "../../lifecycle/DrawableNote";
import { type DrawAccount, DrawResult, Fingerprint } from "../../lifecycle/DrawResult";
import { useCall } from "../../lifecycle/useCall";
import { useContestUpdates } from "../../realtime/RealtimeProvider";
import { useSession } from "../../session/session";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { FeatureStar } from "../../widgets/FeatureStar";

/** The valid entries' first page: how many take part (its meta); the draws answer names the accounts picked. */
const ENTRANTS_READ = 1;

export default function ContestDrawingPage() {
  const { t } = useLingui();
  return (
    <ContestFrame title={t`Drawing`}>
      {(contest, reload) => <DrawingView contest={contest} reloadContest={reload} />}
    </ContestFrame>
  );
}

function DrawingView({ contest, reloadContest }: { contest: ContestData; reloadContest(): Promise<void> }) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const dialogs = useDialogs();
  const onError = useErrorHandler();
  const draws = useCall(() => fetchDraws(contest._id), [contest._id]);
  const proof = useCall(() => fetchVerify(contest._id), [contest._id]);
  const announcements = useCall(() => fetchAnnouncements(contest._id), [contest._id]);
  // How many take part, as the server counts them for the draw itself (the entries' meta).
  const entrants = useCall(
    () => fetchEntries(contest._id, { valid: true, page: 1, perPage: ENTRANTS_READ }),
    [contest._id],
  );
  // The accounts the final draw picks among, as the server counts them for the draw itself.
  const validCount = entrants.data?.meta.drawable ?? null;
  useContestUpdates(contest._id, () => {
    void draws.reload();
    void proof.reload();
    void entrants.reload();
    void announcements.reload();
  });
  const [testing, setTesting] = useState(false);

  const drawList = draws.data?.data ?? null;
  const finalDraw = drawList?.find((d) => d.kind === "final") ?? null;
  const tests = (drawList ?? []).filter((d) => d.kind === "test").reverse();
  const entriesLoaded = Boolean(contest.timeline?.entries_loaded ?? contest.loaded_at);
  const drawn = finalDraw !== null || contest.drawn_at !== null;

  const accounts = useMemo(() => {
    const map = new Map<string, DrawAccount>(Object.entries(draws.data?.accounts ?? {}));
    for (const a of [...(proof.data?.winners_accounts ?? []), ...(proof.data?.substitutes_accounts ?? [])]) {
      if (!map.has(a.id)) map.set(a.id, a);
    }
    return map;
  }, [proof.data, draws.data]);

  const hasTests = session.hasFeature("testDraws");
  const mayTest = session.can("team.contests.do_testdraw");
  const mayDraw = session.can("team.contests.do_finaldraw");

  const runTest = async () => {
    setTesting(true);
    try {
      const made = await makeDraw(contest._id, "test");
      draws.setData((d) => ({ data: [...(d?.data ?? []), made], accounts: d?.accounts ?? {} }));
      // The new draw's picks get their names from the list's answer.
      void draws.reload();
    } catch (err) {
      onError(err);
    } finally {
      setTesting(false);
    }
  };

  // Once the final draw made here shows, its section (the winners) takes the focus and the view.
  const [landOnWinners, setLandOnWinners] = useState(false);
  useEffect(() => {
    if (!landOnWinners || !finalDraw) return;
    setLandOnWinners(false);
    focusSection("draw-final");
  }, [landOnWinners, finalDraw]);

  const startFinal = () =>
    dialogs.open((close) => (
      <StartFinalDrawDialog
        contest={contest}
        entrants={validCount}
        firstDraw={!drawn}
        onClose={close}
        onDrawn={(made: Draw) => {
          close();
          draws.setData((d) => ({ data: [...(d?.data ?? []), made], accounts: d?.accounts ?? {} }));
          void draws.reload();
          void proof.reload();
          void announcements.reload();
          void reloadContest();
          // The draw ends on its winners: a quiet toast, and the final draw's section brought into view.
          notify.success(t`Winners drawn`);
          setLandOnWinners(true);
        }}
      />
    ));

  const commitment = proof.data?.seed_commitment ?? null;
  // The sections under the final draw wait for the page's first answers: shown before, they would move down as
  // the final draw's winners and announcements arrived (a layout shift).
  const settling = [draws, proof, announcements, entrants].some((c) => c.data === null && c.error === null);
  const committedAt = proof.data?.committed_at ?? null;

  return (
    <div className="stack lifecycle-page">
      <section className="card card-lead draw-final-card" aria-labelledby="draw-final">
        <h2 id="draw-final">
          <Trans>Final draw</Trans>
        </h2>
        {draws.error && !draws.data ? (
          <CallFailed error={draws.error} retry={() => void draws.reload()} />
        ) : !draws.data ? (
          <p role="status">
            <Trans>Loading the draws…</Trans>
          </p>
        ) : finalDraw ? (
          <DrawResult
            draw={finalDraw}
            accounts={accounts}
            verifyPath={verifyPathOf(contest._id)}
            titled={false}
          />
        ) : contest.status === "closed" ? (
          mayDraw ? (
            <>
              <p className="draw-final-lede">
                <Trans>The contest is closed: its winners can be drawn.</Trans>{" "}
                {validCount !== null && (
                  <Plural value={validCount} one="# account takes part." other="# accounts take part." />
                )}
              </p>
              <button type="button" className="button primary large" onClick={startFinal}>
                <Trans>Start the final draw</Trans>
              </button>
            </>
          ) : (
            <p className="muted">
              <Trans>The contest is closed. A member with the right to draw can start the final draw.</Trans>
            </p>
          )
        ) : contest.status === "canceled" ? (
          <p className="muted">
            <Trans>The contest was canceled: there is no draw.</Trans>
          </p>
        ) : (
          <p className="muted">
            <Trans>The final draw is possible once the contest is closed.</Trans>
          </p>
        )}
        {entrants.data && <DrawableNote meta={entrants.data.meta} />}
      </section>

      {finalDraw && announcements.data && (
        <WinnersAnnouncements
          contestId={contest._id}
          announcements={announcements.data.data}
          publicUrl={announcements.data.public_url}
          locale={i18n.locale}
          mayPublish={mayDraw}
          onPublished={() => void announcements.reload()}
        />
      )}

      {!settling && (
        <>
          <section className="card card-quiet" aria-labelledby="draw-commitment">
            <h2 id="draw-commitment">
              <Trans>Locked seed</Trans>
            </h2>
            {proof.error && !proof.data ? (
              <CallFailed error={proof.error} retry={() => void proof.reload()} />
            ) : !proof.data ? (
              <p role="status">
                <Trans>Loading…</Trans>
              </p>
            ) : commitment ? (
              <>
                <p>
                  <Trans>
                    Before the contest started, a secret seed was locked and its fingerprint published. The
                    draw uses this seed: no one can change it without the fingerprint showing it.
                  </Trans>
                </p>
                <dl className="draw-proof">
                  <dt>
                    <Trans>Seed fingerprint (SHA-256)</Trans>
                  </dt>
                  <dd>
                    <Fingerprint value={commitment} />
                  </dd>
                  {committedAt && (
                    <>
                      <dt>
                        <Trans>Locked on</Trans>
                      </dt>
                      <dd>
                        <time dateTime={committedAt}>
                          {i18n.date(new Date(committedAt), { dateStyle: "medium", timeStyle: "short" })}
                        </time>
                      </dd>
                    </>
                  )}
                </dl>
              </>
            ) : (
              <p className="muted">
                <Trans>
                  No seed is locked yet: it is locked when the contest is scheduled, or at its first draw.
                </Trans>
              </p>
            )}
            <p>
              <Link to={verifyPathOf(contest._id)}>
                <Trans>The contest's public verification page</Trans>
              </Link>
            </p>
          </section>

          <section className="card" aria-labelledby="draw-tests">
            <h2 id="draw-tests">
              <Trans>Test draws</Trans>
            </h2>
            <p>
              <Trans>
                A test draw shows who a draw would pick today. It uses its own random stream: it does not
                count, and it tells nothing of the final draw.
              </Trans>
            </p>
            {!hasTests ? (
              <p className="with-star">
                <button type="button" className="button" disabled>
                  <Trans>Run a test draw</Trans>
                </button>{" "}
                <FeatureStar /> <Trans>Test draws come with a higher plan.</Trans>
              </p>
            ) : !mayTest ? (
              <p className="muted">
                <Trans>You don't have the permission to run test draws.</Trans>
              </p>
            ) : drawn ? null : !entriesLoaded ? (
              <p className="muted">
                <Trans>Test draws are possible once the entries are loaded.</Trans>
              </p>
            ) : (
              <button
                type="button"
                className="button"
                onClick={() => void runTest()}
                disabled={testing}
                aria-busy={testing}
              >
                {testing ? <Trans>Drawing…</Trans> : <Trans>Run a test draw</Trans>}
              </button>
            )}
            {tests.length > 0 && (
              <div className="stack draw-tests">
                {tests.map((d) => (
                  <DrawResult key={d._id} draw={d} accounts={accounts} />
                ))}
              </div>
            )}
          </section>
        </>
      )}
    </div>
  );
}
