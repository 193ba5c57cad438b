/**
 * /verify/:contestId/winners (public, no sign-in): the contest's winners as anyone may read them — the final
 * draw's winners in order, then the winners of winning moments (a moment winner the manual check rejected is not
 * one) — each by network and handle, with the link to the page where anyone re-runs the draw. Linked from
 * /verify/:contestId once the draw is made.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import { ProviderMark } from "../../components/ProviderMark";
import { fetchVerify, type VerifyAnswer } from "../../lifecycle/api";
import { CallFailed } from "../../lifecycle/CallFailed";
import { verifyPathOf } from "../../lifecycle/contest-rules";
import { useCall } from "../../lifecycle/useCall";
import { usePageTitle } from "../../usePageTitle";
import { VerifyFrame } from "./VerifyFrame";

type Winner = { id: string; provider: string | null; screen_name: string | null };

/** The moments' winners, in moment order, without those the manual check rejected. */
function momentWinnersOf(data: VerifyAnswer): Winner[] {
  return (data.winning_moments ?? []).flatMap((source) =>
    (source.results ?? []).flatMap((r) =>
      r.winner && !r.rejected
        ? [{ id: r.winner, provider: r.winner.split(":")[0] ?? null, screen_name: r.screen_name }]
        : [],
    ),
  );
}

function WinnerList({ winners }: { winners: readonly Winner[] }) {
  return (
    <ol className="verify-winners">
      {winners.map((w) => (
        <li key={w.id}>
          {w.provider && <ProviderMark provider={w.provider} />}{" "}
          {w.screen_name ? <strong>@{w.screen_name.replace(/^@/, "")}</strong> : <code>{w.id}</code>}
        </li>
      ))}
    </ol>
  );
}

export default function VerifyWinnersPage() {
  const { t } = useLingui();
  const { contestId = "" } = useParams();
  const proof = useCall(() => fetchVerify(contestId), [contestId]);
  usePageTitle(proof.data ? t`Winners of ${proof.data.name}` : t`Winners`);
  const data = proof.data;
  const drawn = Boolean(data?.seed);
  const moments = data ? momentWinnersOf(data) : [];
  return (
    <VerifyFrame>
      {proof.error && !data ? (
        <CallFailed error={proof.error} retry={() => void proof.reload()} />
      ) : !data ? (
        <p className="page-state" role="status">
          <Trans>Loading the draw…</Trans>
        </p>
      ) : (
        <div className="verify stack">
          <h1>
            <Trans>Winners of {data.name}</Trans>
          </h1>
          {!drawn ? (
            <p className="notice info" role="status">
              <Trans>The winners are not drawn yet.</Trans>
            </p>
          ) : (
            <section className="card" aria-labelledby="winners-drawn">
              <h2 id="winners-drawn">
                <Trans>Drawn winners</Trans>
              </h2>
              <WinnerList winners={data.winners_accounts} />
            </section>
          )}
          {moments.length > 0 && (
            <section className="card" aria-labelledby="winners-moments">
              <h2 id="winners-moments">
                <Trans>Winning moments</Trans>
              </h2>
              <WinnerList winners={moments} />
            </section>
          )}
          <p>
            <Link to={verifyPathOf(contestId)}>
              <Trans>Check how they were drawn</Trans>
            </Link>
          </p>
        </div>
      )}
    </VerifyFrame>
  );
}
