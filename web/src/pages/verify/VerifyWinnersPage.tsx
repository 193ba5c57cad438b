/**
 * /verify/:contestId/winners (public, no sign-in): the page a brand shares once the draw is made — the team's
 * name, the contest, the day the winners were drawn, the winners with their profiles (picture, name, handle, a
 * link to the profile; the final draw's winners in order, then the winners of winning moments, less those the
 * manual check rejected), and the link to the page where anyone re-runs the draw. Linked from /verify/:contestId.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useParams } from "react-router";
import { EntrantAvatar } from "../../components/EntrantAvatar";
import { Illustration } from "../../components/Illustration";
import { fetchVerify, type VerifyAnswer } from "../../lifecycle/api";
import { CallFailed } from "../../lifecycle/CallFailed";
import { profileUrlOf, verifyPathOf } from "../../lifecycle/contest-rules";
import { useCall } from "../../lifecycle/useCall";
import { providerOf } from "../../providers";
import { usePageTitle } from "../../usePageTitle";
import { VerifyFrame } from "./VerifyFrame";

export type Winner = {
  id: string;
  provider: string | null;
  screen_name: string | null;
  name: string | null;
  url: string | null;
};

/** The moments' winners, in moment order, without those the manual check rejected. */
function momentWinnersOf(data: VerifyAnswer): Winner[] {
  return (data.winning_moments ?? []).flatMap((source) =>
    (source.results ?? []).flatMap((r) =>
      r.winner && !r.rejected
        ? [
            {
              id: r.winner,
              provider: r.winner.split(":")[0] ?? null,
              screen_name: r.screen_name,
              name: r.name,
              url: r.url,
            },
          ]
        : [],
    ),
  );
}

function WinnerCard({ winner, rank }: { winner: Winner; rank: number }) {
  const { t, i18n } = useLingui();
  const handle = winner.screen_name ? `@${winner.screen_name.replace(/^@/, "")}` : null;
  const url = profileUrlOf(winner);
  const network = winner.provider ? (providerOf(winner.provider)?.display_name ?? winner.provider) : null;
  const title = winner.name ?? handle ?? t`A winner`;
  return (
    <li className="winner-card">
      <span className="winner-rank" aria-hidden="true">
        {i18n.number(rank)}
      </span>
      <EntrantAvatar
        id={winner.id}
        name={winner.name ?? winner.screen_name}
        provider={winner.provider}
        size={56}
      />
      <span className="winner-who">
        <bdi className="winner-name">{title}</bdi>
        {handle && winner.name && <bdi className="winner-handle">{handle}</bdi>}
        {network && <span className="winner-network">{network}</span>}
        {url && (
          <a className="button small winner-profile" href={url} target="_blank" rel="noopener noreferrer">
            <Trans>Profile</Trans>{" "}
            <span className="visually-hidden">
              <Trans>of {title} (opens in a new tab)</Trans>
            </span>
          </a>
        )}
      </span>
    </li>
  );
}

function WinnerCards({ winners, label }: { winners: readonly Winner[]; label: string }) {
  return (
    <ol className="winner-cards" aria-label={label}>
      {winners.map((w, i) => (
        <WinnerCard key={w.id} winner={w} rank={i + 1} />
      ))}
    </ol>
  );
}

export default function VerifyWinnersPage() {
  const { t, i18n } = useLingui();
  const { contestId = "" } = useParams();
  const proof = useCall(() => fetchVerify(contestId), [contestId]);
  usePageTitle(proof.data ? t`Winners of ${proof.data.name}` : t`Winners`);
  const data = proof.data;
  const drawn = Boolean(data?.seed);
  const moments = data ? momentWinnersOf(data) : [];
  const drawnAt = data?.drawn_at ? new Date(data.drawn_at) : null;
  return (
    <VerifyFrame>
      {proof.error && !data ? (
        <CallFailed error={proof.error} retry={() => void proof.reload()} />
      ) : !data ? (
        <p className="page-state" role="status">
          <Trans>Loading the draw…</Trans>
        </p>
      ) : (
        <div className="winners-page stack">
          <header className="winners-hero">
            <div className="winners-hero-text">
              {data.team_name && (
                <p className="winners-team">
                  <Trans>A giveaway by {data.team_name}</Trans>
                </p>
              )}
              <h1>
                <Trans>Winners of {data.name}</Trans>
              </h1>
              {drawnAt && (
                <p className="winners-date">
                  <Trans>
                    Drawn on{" "}
                    <time dateTime={data.drawn_at ?? ""}>{i18n.date(drawnAt, { dateStyle: "long" })}</time>
                  </Trans>
                </p>
              )}
            </div>
            <Illustration name="trophy" size={180} />
          </header>
          {!drawn ? (
            <p className="notice info" role="status">
              <Trans>The winners are not drawn yet.</Trans>
            </p>
          ) : data.winners_accounts.length === 0 ? (
            <p className="notice info" role="status">
              <Trans>No winner: there was no valid entrant to draw.</Trans>
            </p>
          ) : (
            <section aria-labelledby="winners-drawn">
              <h2 id="winners-drawn">
                <Trans>Drawn winners</Trans>
              </h2>
              <WinnerCards winners={data.winners_accounts} label={t`Drawn winners`} />
            </section>
          )}
          {moments.length > 0 && (
            <section aria-labelledby="winners-moments">
              <h2 id="winners-moments">
                <Trans>Winning moments</Trans>
              </h2>
              <WinnerCards winners={moments} label={t`Winning moments`} />
            </section>
          )}
          <aside className="card winners-proof" aria-labelledby="winners-proof">
            <h2 id="winners-proof">
              <Trans>Drawn in the open</Trans>
            </h2>
            <p>
              <Trans>
                The draw used a secret seed locked before the contest started. Anyone can re-run it and get
                the same winners.
              </Trans>
            </p>
            <Link className="button primary" to={verifyPathOf(contestId)}>
              <Trans>Check how they were drawn</Trans>
            </Link>
          </aside>
        </div>
      )}
    </VerifyFrame>
  );
}
