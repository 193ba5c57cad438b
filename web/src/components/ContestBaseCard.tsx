import { Plural, Trans, useLingui } from "@lingui/react/macro";
import type { ContestBase } from "../../../codegen/types";

type Props = { base: ContestBase };

/** A read-only summary of a contest's base group: name, dates, winners and the draw options in use. */
export function ContestBaseCard({ base }: Props) {
  const { i18n } = useLingui();
  const formatDate = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : null;
  const start = formatDate(base.start_date);
  const close = formatDate(base.close_date);
  const options = [
    base.manual_check.enabled && <Trans key="mc">Manual check</Trans>,
    base.autodraw.enabled && <Trans key="ad">Automatic draw</Trans>,
    base.exclude_previous_winners.enabled && <Trans key="epw">Previous winners excluded</Trans>,
    base.exclude_accounts.enabled && <Trans key="ea">Accounts excluded</Trans>,
    base.exclude_contains_badword.enabled && <Trans key="bw">Bad words filtered</Trans>,
  ].filter(Boolean);

  return (
    <article className="card" aria-labelledby="contest-base-name">
      <h2 id="contest-base-name">{base.name || <Trans>Untitled contest</Trans>}</h2>
      <dl>
        <dt>
          <Trans>Starts</Trans>
        </dt>
        <dd>{start ?? <Trans>Not set</Trans>}</dd>
        <dt>
          <Trans>Closes</Trans>
        </dt>
        <dd>{close ?? <Trans>Not set</Trans>}</dd>
        <dt>
          <Trans>Winners</Trans>
        </dt>
        <dd>
          <Plural value={base.nb_winners} one="# winner" other="# winners" />
        </dd>
        <dt>
          <Trans>Draw options</Trans>
        </dt>
        <dd>
          {options.length > 0 ? (
            <ul>
              {options.map((o, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, ordered list
                <li key={i}>{o}</li>
              ))}
            </ul>
          ) : (
            <Trans>None</Trans>
          )}
        </dd>
      </dl>
    </article>
  );
}
