/**
 * The winning moments of the public /verify page (docs/draw.md "Instant win"), per twitter source that has them:
 * the moments' fingerprint published before the start; before the close, that the moments stay secret; after it,
 * the revealed salt, each moment with its winner (or nobody) and when the winning entry was made, and "Check the
 * winning moments in my browser", which loads the list of valid entries page by page (hashing each page as it
 * comes), then recomputes the fingerprint, the list's hash and each moment's winner with engine/lifecycle
 * (recheckMoments) and says for each check whether it passed.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { momentsEntryLine } from "../../../engine/lifecycle";
import { fetchVerifyMomentsEntriesPage, type VerifyAnswer } from "./api";
import { DrawPick, Fingerprint } from "./DrawResult";
import { type ListProgress, loadPublishedList } from "./published-list";
import { VerifyCheck } from "./VerifyCheck";
import { type MomentCheck, type MomentsRerun, type PublishedMoments, recheckMoments } from "./verify-moments";
import "./verify-moments.css";

export type MomentsSource = VerifyAnswer["winning_moments"][number];

type RevealedSource = MomentsSource &
  PublishedMoments & {
    revealed_at: string | null;
    entries: { id: string; at: string }[];
    entries_pages: number;
  };

function isRevealed(source: MomentsSource): source is RevealedSource {
  return (
    source.moments !== null &&
    source.salt !== null &&
    source.entries !== null &&
    source.entries_pages !== null &&
    source.results !== null
  );
}

function CheckLabel({ check, when }: { check: MomentCheck; when: (iso: string) => string }) {
  if (check.id === "moments-commitment") {
    return <Trans>The revealed moments and salt have the fingerprint published before the start</Trans>;
  }
  if (check.id === "moments-list") {
    return (
      <Trans>
        The list of valid entries, put together page by page, has the fingerprint published with it
      </Trans>
    );
  }
  const n = check.index + 1;
  const at = when(check.moment);
  return (
    <Trans>
      Moment {n} ({at}) goes to the first valid entry made at or after it that had not already won
    </Trans>
  );
}

function SourceChecks({
  rerun,
  label,
  when,
}: {
  rerun: MomentsRerun;
  label: string | undefined;
  when: (iso: string) => string;
}) {
  const { t } = useLingui();
  const winner = (id: string | null) => id ?? t`nobody`;
  return (
    <ul className="verify-checks" aria-label={label}>
      {rerun.checks.map((check) => (
        <VerifyCheck
          key={check.id === "moment-winner" ? `${check.id}-${check.index}` : check.id}
          check={check.id}
          passed={check.passed}
          published={check.id === "moment-winner" ? winner(check.published) : check.published}
          computed={check.id === "moment-winner" ? winner(check.computed) : check.computed}
        >
          <CheckLabel check={check} when={when} />
        </VerifyCheck>
      ))}
    </ul>
  );
}

export function VerifyMoments({
  contestId,
  sources,
}: {
  contestId: string;
  sources: readonly MomentsSource[];
}) {
  const { t, i18n } = useLingui();
  const [reruns, setReruns] = useState<(MomentsRerun | null)[] | null>(null);
  const [running, setRunning] = useState(false);
  const [progress, setProgress] = useState<ListProgress | null>(null);
  const [failure, setFailure] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const when = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : i18n.date(date, { dateStyle: "medium", timeStyle: "medium" });
  };
  const several = sources.length > 1;
  const sourceLabel = (i: number) => {
    const n = i + 1;
    return several ? t`Source ${n}` : undefined;
  };
  const anyRevealed = sources.some(isRevealed);

  const run = async () => {
    setRunning(true);
    setReruns(null);
    setFailure(false);
    try {
      const results: (MomentsRerun | null)[] = [];
      for (const source of sources) {
        if (!isRevealed(source)) {
          results.push(null);
          continue;
        }
        const list = await loadPublishedList({
          first: source.entries,
          pages: source.entries_pages,
          page: (n) => fetchVerifyMomentsEntriesPage(contestId, source.source_id, n),
          lineOf: momentsEntryLine,
          onProgress: (p) => live.current && setProgress(p),
        });
        results.push(recheckMoments(source, list));
      }
      if (live.current) setReruns(results);
    } catch {
      if (live.current) setFailure(true);
    } finally {
      if (live.current) {
        setRunning(false);
        setProgress(null);
      }
    }
  };
  const passed = reruns?.every((r) => r === null || r.passed) ?? false;

  return (
    <section className="card" aria-labelledby="verify-moments">
      <h2 id="verify-moments">
        <Trans>Winning moments</Trans>
      </h2>
      <p className="muted">
        <Trans>
          Before the start, secret winning moments were chosen and only their fingerprint was published. Each
          moment goes to the first valid entry made at or after it; an entrant wins at most one moment.
        </Trans>
      </p>
      {sources.map((source, i) => {
        const label = sourceLabel(i);
        return (
          <div key={source.source_id} className="verify-moments-source">
            {label && <h3>{label}</h3>}
            <dl className="draw-proof">
              <dt>
                <Trans>Moments fingerprint (SHA-256), published before the start</Trans>
              </dt>
              <dd>
                <Fingerprint value={source.commitment} />
              </dd>
              {isRevealed(source) && (
                <>
                  <dt>
                    <Trans>Salt, revealed at the close</Trans>
                  </dt>
                  <dd>
                    <Fingerprint value={source.salt} />
                  </dd>
                  {source.revealed_at && (
                    <>
                      <dt>
                        <Trans>Revealed on</Trans>
                      </dt>
                      <dd>
                        <time dateTime={source.revealed_at}>{when(source.revealed_at)}</time>
                      </dd>
                    </>
                  )}
                  <dt>
                    <Trans>Valid entries</Trans>
                  </dt>
                  <dd>{i18n.number(source.entries_count ?? source.entries.length)}</dd>
                </>
              )}
            </dl>
            {isRevealed(source) ? (
              <table className="data verify-moments-table">
                <caption>
                  <Trans>Moments and their winners</Trans>
                </caption>
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Moment</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Winner</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Entry made</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {source.results.map((r, k) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, in the order published (moments may repeat)
                    <tr key={k}>
                      <td>
                        <time dateTime={r.moment}>{when(r.moment)}</time>
                      </td>
                      <td>
                        {r.winner && r.rejected ? (
                          <>
                            <DrawPick id={r.winner} account={undefined} showId />{" "}
                            <span className="muted">
                              <Trans>rejected by the manual check: this entry wins nothing</Trans>
                            </span>
                          </>
                        ) : r.winner ? (
                          <DrawPick
                            id={r.winner}
                            account={{ provider: null, screen_name: r.screen_name }}
                            showId
                          />
                        ) : (
                          <span className="muted">
                            <Trans>Nobody: no valid entry came at or after this moment</Trans>
                          </span>
                        )}
                      </td>
                      <td>
                        {r.entered_at ? <time dateTime={r.entered_at}>{when(r.entered_at)}</time> : "—"}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="muted">
                <Trans>
                  The moments stay secret until entries close. Then the moments, the salt and each moment's
                  winner show here, and you can check them.
                </Trans>
              </p>
            )}
          </div>
        );
      })}
      {anyRevealed && (
        <>
          <p>
            <Trans>
              Your browser recomputes the fingerprint from the moments and the salt, and each moment's winner
              from the list of valid entries, with the same code as the server. Nothing is sent anywhere.
            </Trans>
          </p>
          <button
            type="button"
            className="button primary"
            onClick={() => void run()}
            disabled={running}
            aria-busy={running}
          >
            {running ? <Trans>Checking…</Trans> : <Trans>Check the winning moments in my browser</Trans>}
          </button>
          <ListProgressNote progress={progress} failed={failure} />
        </>
      )}
      {reruns && (
        <>
          {reruns.map((rerun, i) =>
            rerun ? (
              <SourceChecks
                key={sources[i]?.source_id ?? i}
                rerun={rerun}
                label={sourceLabel(i)}
                when={when}
              />
            ) : null,
          )}
          <p className={`verify-verdict ${passed ? "passed" : "failed"}`}>
            {passed ? (
              <Trans>
                Every check passed: these are the moments locked before the start, and each went to the first
                valid entry at or after it.
              </Trans>
            ) : (
              <Trans>
                A check failed: these moments or winners are not the ones the published data gives.
              </Trans>
            )}
          </p>
        </>
      )}
    </section>
  );
}

/** Where the loading of a long list is (page n of N), or that a page could not be loaded. */
export function ListProgressNote({ progress, failed }: { progress: ListProgress | null; failed: boolean }) {
  const { i18n } = useLingui();
  if (failed) {
    return (
      <p className="notice error" role="alert">
        <Trans>A page of the list could not be loaded. Check your connection and try again.</Trans>
      </p>
    );
  }
  if (!progress) return null;
  const page = i18n.number(progress.page);
  const pages = i18n.number(progress.pages);
  return (
    <p className="muted" role="status">
      <Trans>
        Loading the list and checking it: page {page} of {pages}…
      </Trans>
    </p>
  );
}
