/**
 * What the public /verify page shows of a contest's draw (docs/draw.md): the seed fingerprint published before
 * the start and when; before the final draw, that it has not happened yet; after it, the revealed seed, the
 * entrants list (its fingerprint, its size, a download), the winners and substitutes, and "Re-run the draw in my
 * browser", which recomputes the three checks with engine/lifecycle and says for each whether it passed. A long
 * entrants list comes a page at a time (docs/draw.md "Published lists"): the re-run and the downloads load the
 * pages after the first, with their progress shown. A contest
 * with winning moments also shows their commitment, and once it closed, the moments and their checks (VerifyMoments).
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { entrantsListText } from "../../../engine/lifecycle";
import type { VerifyAnswer } from "./api";
import { fetchVerifyEntrantsPage, saveFile } from "./api";
import { type DrawAccount, DrawResult, Fingerprint } from "./DrawResult";
import { ListReads } from "./ListReads";
import { type ListProgress, loadPublishedList } from "./published-list";
import { VerifyCheck } from "./VerifyCheck";
import { ListProgressNote, VerifyMoments } from "./VerifyMoments";
import { type CheckId, type Rerun, rerunDraw } from "./verify";
import { type VerifyDownload, verifyDownloads } from "./verify-downloads";

export type VerifyData = Pick<
  VerifyAnswer,
  | "contest_id"
  | "name"
  | "status"
  | "algorithm"
  | "seed_commitment"
  | "committed_at"
  | "seed"
  | "drawn_at"
  | "entrants_hash"
  | "list_reads"
  | "entrants_count"
  | "entrants"
  | "entrants_pages"
  | "winners"
  | "substitutes"
  | "winners_count"
  | "substitutes_count"
  | "winners_accounts"
  | "substitutes_accounts"
> &
  Partial<Pick<VerifyAnswer, "winning_moments">>;

function CheckLabel({ id }: { id: CheckId }) {
  switch (id) {
    case "commitment":
      return <Trans>The revealed seed has the fingerprint published before the start</Trans>;
    case "list":
      return <Trans>The entrants list has the fingerprint published when it was frozen</Trans>;
    case "winners":
      return <Trans>Drawing again from this seed and this list gives the same winners and substitutes</Trans>;
  }
}

function Checks({ rerun }: { rerun: Rerun }) {
  return (
    <>
      <ul className="verify-checks">
        {rerun.checks.map((check) => (
          <VerifyCheck
            key={check.id}
            check={check.id}
            passed={check.passed}
            published={check.published}
            computed={check.computed}
          >
            <CheckLabel id={check.id} />
          </VerifyCheck>
        ))}
      </ul>
      <p className={`verify-verdict ${rerun.passed ? "passed" : "failed"}`}>
        {rerun.passed ? (
          <Trans>Every check passed: this draw is the one the published seed and list give.</Trans>
        ) : (
          <Trans>A check failed: this result is not the one the published data gives.</Trans>
        )}
      </p>
    </>
  );
}

export function VerifyView({ data }: { data: VerifyData }) {
  const { t, i18n } = useLingui();
  const [rerun, setRerun] = useState<Rerun | null>(null);
  const [running, setRunning] = useState(false);
  const [whole, setWhole] = useState<string[] | null>(() =>
    data.entrants && (data.entrants_pages ?? 1) <= 1 ? data.entrants : null,
  );
  const [progress, setProgress] = useState<ListProgress | null>(null);
  const [failure, setFailure] = useState(false);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: "long", timeStyle: "short" });

  const drawn = data.seed !== null && data.entrants !== null;
  const accounts = new Map<string, DrawAccount>();
  for (const a of [...data.winners_accounts, ...data.substitutes_accounts]) {
    accounts.set(a.id, { provider: a.provider, screen_name: a.screen_name });
  }

  /** The whole entrants list: the first page as published, the others loaded one after the other. */
  const wholeList = useCallback(async (): Promise<string[] | null> => {
    if (whole) return whole;
    if (!data.entrants) return null;
    setFailure(false);
    try {
      const { items } = await loadPublishedList({
        first: data.entrants,
        pages: data.entrants_pages ?? 1,
        page: (n) => fetchVerifyEntrantsPage(data.contest_id, n),
        lineOf: (id: string) => id,
        onProgress: (p) => live.current && setProgress(p),
      });
      if (live.current) setWhole(items);
      return items;
    } catch {
      if (live.current) setFailure(true);
      return null;
    } finally {
      if (live.current) setProgress(null);
    }
  }, [whole, data.entrants, data.entrants_pages, data.contest_id]);

  const run = async () => {
    const { seed } = data;
    if (seed === null) return;
    setRunning(true);
    setRerun(null);
    const entrants = await wholeList();
    if (!live.current) return;
    // Let "checking" show before a long list is hashed.
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (entrants && live.current) {
      setRerun(
        rerunDraw({
          seed,
          seed_commitment: data.seed_commitment,
          entrants,
          entrants_hash: data.entrants_hash,
          list_reads: data.list_reads,
          entrants_count: data.entrants_count,
          winners: data.winners,
          substitutes: data.substitutes,
          winners_count: data.winners_count,
          substitutes_count: data.substitutes_count,
        }),
      );
    }
    if (live.current) setRunning(false);
  };

  const download = async () => {
    const entrants = await wholeList();
    if (!entrants) return;
    const blob = new Blob([entrantsListText(entrants, data.list_reads)], {
      type: "text/plain;charset=utf-8",
    });
    saveFile(`entrants-${data.contest_id}.txt`, blob);
  };
  const files = useMemo(
    () => (data.seed && whole ? verifyDownloads(data.contest_id, data.seed, whole, data.list_reads) : []),
    [data.contest_id, data.seed, whole, data.list_reads],
  );

  return (
    <div className="verify stack">
      <header>
        <h1>
          <Trans>Verify the draw of {data.name}</Trans>
        </h1>
        <p className="muted">
          <Trans>
            This page lets anyone check that the winners were drawn fairly, without trusting the organiser or
            Fairdraw.
          </Trans>
        </p>
      </header>

      {drawn && (
        <p>
          <Link to={`/verify/${encodeURIComponent(data.contest_id)}/winners`}>
            <Trans>See the winners</Trans>
          </Link>
        </p>
      )}

      {!drawn && (
        <p className="notice info" role="status">
          <strong>
            <Trans>The draw has not happened yet.</Trans>
          </strong>{" "}
          <Trans>
            When the winners are drawn, the seed, the list of entrants and the winners will show here, and you
            will be able to re-run the draw.
          </Trans>
        </p>
      )}

      <section className="card" aria-labelledby="verify-seed">
        <h2 id="verify-seed">
          <Trans>The locked seed</Trans>
        </h2>
        {data.seed_commitment ? (
          <dl className="draw-proof">
            <dt>
              <Trans>Seed fingerprint (SHA-256), published before the start</Trans>
            </dt>
            <dd>
              <Fingerprint value={data.seed_commitment} />
            </dd>
            {data.committed_at && (
              <>
                <dt>
                  <Trans>Locked on</Trans>
                </dt>
                <dd>
                  <time dateTime={data.committed_at}>{when(data.committed_at)}</time>
                </dd>
              </>
            )}
            {data.seed && (
              <>
                <dt>
                  <Trans>Seed, revealed by the final draw</Trans>
                </dt>
                <dd>
                  <Fingerprint value={data.seed} />
                </dd>
              </>
            )}
          </dl>
        ) : (
          <p className="muted">
            <Trans>No seed is locked for this contest yet.</Trans>
          </p>
        )}
      </section>

      {data.winning_moments && data.winning_moments.length > 0 && (
        <VerifyMoments contestId={data.contest_id} sources={data.winning_moments} />
      )}

      {drawn && data.entrants && (
        <>
          <section className="card" aria-labelledby="verify-list">
            <h2 id="verify-list">
              <Trans>The entrants list</Trans>
            </h2>
            <dl className="draw-proof">
              <dt>
                <Trans>Entrants</Trans>
              </dt>
              <dd>{i18n.number(data.entrants_count ?? data.entrants.length)}</dd>
              <dt>
                <Trans>List fingerprint (SHA-256)</Trans>
              </dt>
              <dd>
                <Fingerprint value={data.entrants_hash ?? ""} />
              </dd>
            </dl>
            <ListReads reads={data.list_reads} />
            <button
              type="button"
              className="button"
              onClick={() => void download()}
              disabled={progress !== null}
            >
              <Trans>Download the list</Trans>
            </button>{" "}
            <span className="muted">
              <Trans>
                One entrant a line (network:account id), sorted, then what the networks let us read; its
                SHA-256 is the fingerprint above.
              </Trans>
            </span>
          </section>

          <section className="card" aria-labelledby="verify-result">
            <h2 id="verify-result">
              <Trans>The result</Trans>
            </h2>
            <DrawResult
              headingLevel={3}
              draw={{
                kind: "final",
                test_index: null,
                winners: data.winners,
                substitutes: data.substitutes,
                entrants_count: data.entrants_count ?? data.entrants.length,
                entrants_hash: data.entrants_hash ?? "",
                seed_commitment: data.seed_commitment ?? "",
                seed: data.seed,
                created_at: data.drawn_at ?? data.committed_at ?? new Date(0).toISOString(),
                created_by: null,
              }}
              accounts={accounts}
              showIds
            />
          </section>

          <section className="card" aria-labelledby="verify-rerun">
            <h2 id="verify-rerun">
              <Trans>Check it yourself</Trans>
            </h2>
            <p>
              <Trans>
                Your browser recomputes everything from the data above, with the same code as the server (
                {data.algorithm}). Nothing is sent anywhere.
              </Trans>
            </p>
            <button
              type="button"
              className="button primary"
              onClick={() => void run()}
              disabled={running}
              aria-busy={running}
            >
              {running ? <Trans>Checking…</Trans> : <Trans>Re-run the draw in my browser</Trans>}
            </button>
            <ListProgressNote progress={progress} failed={failure} />
            {rerun && <Checks rerun={rerun} />}
          </section>
          {files.length > 0 ? (
            <Downloads files={files} />
          ) : (
            <section className="card" aria-labelledby="verify-downloads">
              <h2 id="verify-downloads">
                <Trans>Downloads</Trans>
              </h2>
              <p>
                <Trans>
                  The list is long: it comes a page at a time. Load it to download the seed, the list and
                  their checksums.
                </Trans>
              </p>
              <button
                type="button"
                className="button"
                onClick={() => void wholeList()}
                disabled={progress !== null}
              >
                <Trans>Load the whole list</Trans>
              </button>
            </section>
          )}
        </>
      )}

      <section className="card" aria-labelledby="verify-how">
        <h2 id="verify-how">
          <Trans>How the draw is made fair</Trans>
        </h2>
        <ol className="verify-steps">
          <li>
            <Trans>
              <strong>Before the contest starts, the seed is locked.</strong> A secret random number, the
              seed, is chosen and only its fingerprint is published. Changing the seed later would change the
              fingerprint.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>When entries close, the list is frozen.</strong> The filters remove the entries that
              break the rules; the valid entrants form the list, and its fingerprint and size are published.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>The draw runs and the seed is revealed.</strong> The winners follow from the seed and
              the list by a fixed procedure; the seed is then published beside them.
            </Trans>
          </li>
          <li>
            <Trans>
              <strong>Anyone re-runs it.</strong> With the seed and the list, anyone can check both
              fingerprints and draw again: the same winners must come out, in the same order.
            </Trans>
          </li>
        </ol>
        <p className="muted">
          {t`What this does not prove by itself: the organiser knows the seed from the start. That is why the whole list is published, so that anyone can question an exclusion.`}
        </p>
        <p>
          <Link to="/verify/method">
            <Trans>The exact method, its reference code and its test vectors</Trans>
          </Link>
        </p>
      </section>
    </div>
  );
}

/** The files to re-run the draw elsewhere, each with its name and SHA-256 side by side (verify-downloads.ts). */
function Downloads({ files }: { files: readonly VerifyDownload[] }) {
  const { t } = useLingui();
  const labels: Record<VerifyDownload["kind"], string> = {
    seed: t`The seed`,
    list: t`The entrants list`,
    hashes: t`The checksums of both (sha256sum -c)`,
  };
  const save = (f: VerifyDownload) =>
    saveFile(f.filename, new Blob([f.text], { type: "text/plain;charset=utf-8" }));
  return (
    <section className="card" aria-labelledby="verify-downloads">
      <h2 id="verify-downloads">
        <Trans>Downloads</Trans>
      </h2>
      <p>
        <Trans>
          Re-run the draw with your own tools: each file's SHA-256 is shown beside it. The seed file's is the
          fingerprint published before the start, the list file's the list's fingerprint.
        </Trans>
      </p>
      <div className="table-scroll">
        <table className="verify-downloads">
          <caption className="visually-hidden">
            <Trans>Downloads</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans>File</Trans>
              </th>
              <th scope="col">
                <Trans>SHA-256</Trans>
              </th>
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Download</Trans>
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.kind} data-file={f.kind}>
                <th scope="row">
                  <span className="verify-file-name">{f.filename}</span>
                  <span className="muted verify-file-what">{labels[f.kind]}</span>
                </th>
                <td>
                  <code className="verify-file-hash">{f.sha256}</code>
                </td>
                <td>
                  <button
                    type="button"
                    className="button small"
                    aria-label={t`Download ${f.filename}`}
                    onClick={() => save(f)}
                  >
                    <Trans>Download</Trans>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
