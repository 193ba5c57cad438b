/**
 * A draw's result: its winners and substitutes (in the order drawn, with a link to each profile when the account
 * is known), how many entrants it drew from, the entrants list's fingerprint, the seed's published fingerprint,
 * the seed itself once the final draw revealed it, and the public page where anyone re-runs it.
 */
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { EntrantAvatar } from "../components/EntrantAvatar";
import { ProviderMark } from "../components/ProviderMark";
import type { Draw } from "./api";
import { profileUrlOf } from "./contest-rules";

export type DrawAccount = {
  provider: string | null;
  screen_name: string | null;
  name?: string | null;
  url?: string | null;
};

export type DrawResultData = Pick<
  Draw,
  | "kind"
  | "test_index"
  | "winners"
  | "substitutes"
  | "entrants_count"
  | "entrants_hash"
  | "seed_commitment"
  | "seed"
  | "created_at"
  | "created_by"
> &
  // The final draw's winning moments' winners (the drawing page names them; /verify has a section for them).
  Partial<Pick<Draw, "moment_winners">>;

function providerOfId(id: string): string | null {
  const colon = id.indexOf(":");
  return colon > 0 ? id.slice(0, colon) : null;
}

/**
 * A drawn account: its picture, name and handle (a link to its profile). The network id shows only where the
 * proof needs it (showId: the public verify page, whose lists are of ids); elsewhere people are named.
 */
export function DrawPick({
  id,
  account,
  showId = false,
  avatar = false,
}: {
  id: string;
  account: DrawAccount | undefined;
  showId?: boolean;
  avatar?: boolean;
}) {
  const provider = account?.provider ?? providerOfId(id);
  const url = account ? profileUrlOf({ provider, screen_name: account.screen_name, url: account.url }) : null;
  const handle = account?.screen_name ? `@${account.screen_name.replace(/^@/, "")}` : null;
  // A handle keeps its @ in front in a right-to-left line (bdi: its own direction, from its letters).
  const label = handle ? (
    <bdi>{handle}</bdi>
  ) : showId ? (
    id
  ) : (
    <Trans>an account no longer in the entries</Trans>
  );
  return (
    <span className={avatar ? "draw-pick with-avatar" : "draw-pick"}>
      {avatar ? (
        <EntrantAvatar id={id} name={account?.name ?? account?.screen_name} provider={provider} size={36} />
      ) : (
        provider && <ProviderMark provider={provider} />
      )}
      {account?.name && <span className="entrant-name">{account.name}</span>}
      {url ? (
        <a href={url} target="_blank" rel="noopener noreferrer" className="draw-handle">
          {label}{" "}
          <span className="visually-hidden">
            <Trans>(opens in a new tab)</Trans>
          </span>
        </a>
      ) : (
        <span className="draw-handle">{label}</span>
      )}
      {showId && handle && <code className="muted draw-id">{id}</code>}
    </span>
  );
}

export function Fingerprint({ value }: { value: string }) {
  return (
    <code className="fingerprint" dir="ltr">
      {value}
    </code>
  );
}

export function DrawResult({
  draw,
  accounts,
  verifyPath,
  headingLevel = 3,
  titled = true,
  showIds = false,
}: {
  draw: DrawResultData;
  accounts?: ReadonlyMap<string, DrawAccount>;
  /** The public page of the contest's draw (final draws). */
  verifyPath?: string;
  headingLevel?: 2 | 3;
  /** false where the section around it already says which draw it is (the drawing page's "Final draw"). */
  titled?: boolean;
  /** The network ids beside the names (the public verify page: its lists are of ids). */
  showIds?: boolean;
}) {
  const { i18n } = useLingui();
  const H = headingLevel === 2 ? "h2" : "h3";
  // The lists' headings sit one level under the draw's own, or under the section's that titles it (untitled).
  const L = `h${titled ? headingLevel + 1 : headingLevel}` as "h2" | "h3" | "h4";
  const when = i18n.date(new Date(draw.created_at), { dateStyle: "medium", timeStyle: "short" });
  const by = draw.created_by?.name ?? null;
  const momentWinners = draw.moment_winners ?? [];
  return (
    <article className={`draw-result draw-${draw.kind}`} data-kind={draw.kind}>
      {titled && (
        <H>
          {draw.kind === "final" ? (
            <Trans>Final draw</Trans>
          ) : (
            <Trans>Test draw {draw.test_index ?? ""}</Trans>
          )}
        </H>
      )}
      <p className="muted">
        {by ? (
          <Trans>
            Made <time dateTime={draw.created_at}>{when}</time> by {by}.
          </Trans>
        ) : (
          <Trans>
            Made <time dateTime={draw.created_at}>{when}</time>.
          </Trans>
        )}{" "}
        <Plural value={draw.entrants_count} one="Drawn among # entrant." other="Drawn among # entrants." />
      </p>
      {draw.kind === "test" && (
        <p className="notice info">
          <Trans>
            A test draw shows what a draw looks like. It does not count and says nothing of the final draw.
          </Trans>
        </p>
      )}
      <div className="draw-lists">
        <section>
          <L>
            <Trans>Winners</Trans>
          </L>
          {draw.winners.length === 0 && momentWinners.length === 0 ? (
            <p className="muted">
              <Trans>No winner: there was no valid entrant to draw.</Trans>
            </p>
          ) : (
            // The winning moments' winners come first: they won before the draw, which drew the rest.
            <ol className="draw-winners">
              {momentWinners.map((id) => (
                <li key={`moment-${id}`} data-moment-winner="">
                  <DrawPick id={id} account={accounts?.get(id)} showId={showIds} avatar />
                  <span className="contest-badge draw-moment-tag">
                    <Trans>Winning moment</Trans>
                  </span>
                </li>
              ))}
              {draw.winners.map((id) => (
                <li key={id}>
                  <DrawPick id={id} account={accounts?.get(id)} showId={showIds} avatar />
                </li>
              ))}
            </ol>
          )}
        </section>
        {draw.substitutes.length > 0 && (
          <section>
            <L>
              <Trans>Substitutes, in order</Trans>
            </L>
            <ol className="draw-substitutes">
              {draw.substitutes.map((id) => (
                <li key={id}>
                  <DrawPick id={id} account={accounts?.get(id)} showId={showIds} />
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
      <dl className="draw-proof">
        <dt>
          <Trans>Entrants list fingerprint (SHA-256)</Trans>
        </dt>
        <dd>
          <Fingerprint value={draw.entrants_hash} />
        </dd>
        <dt>
          <Trans>Seed fingerprint, published before the start</Trans>
        </dt>
        <dd>
          <Fingerprint value={draw.seed_commitment} />
        </dd>
        {draw.seed && (
          <>
            <dt>
              <Trans>Seed, revealed by the final draw</Trans>
            </dt>
            <dd>
              <Fingerprint value={draw.seed} />
            </dd>
          </>
        )}
      </dl>
      {verifyPath && (
        <p>
          <Link to={verifyPath}>
            <Trans>Anyone can check this draw on its public page</Trans>
          </Link>
        </p>
      )}
    </article>
  );
}
