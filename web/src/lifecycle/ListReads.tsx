/**
 * What the networks let us read of each action's list ("Likes on X: 100 listed of 412"), on the entries page and
 * /verify (the frozen list's metadata, covered by its hash: docs/draw.md). A list read in part says that its
 * action was not checked: an entrant the network did not list cannot be told from one who did not take part.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { type FrozenListRead, isIncomplete } from "../../../engine/lifecycle";
import { actionKindLabel, providerLabel } from "../labels";
import { providerOf } from "../providers";

export function ListReads({ reads }: { reads: readonly FrozenListRead[] }) {
  const { t, i18n } = useLingui();
  if (reads.length === 0) return null;
  return (
    <div className="list-reads">
      <p className="list-reads-title">
        <Trans>What the networks let us read</Trans>
      </p>
      <ul className="list-reads-list">
        {reads.map((r) => {
          const listed = i18n.number(r.listed);
          const total = r.total === null ? null : i18n.number(r.total);
          const action = actionKindLabel(i18n, r.action);
          const network = providerLabel(r.provider);
          const part = isIncomplete(providerOf(r.provider), r);
          return (
            <li key={`${r.source_id}:${r.action}`} data-action={r.action} data-incomplete={part || undefined}>
              <span className="list-reads-action">{t`${action} on ${network}:`}</span>{" "}
              <span>{total === null ? t`${listed} listed` : t`${listed} listed of ${total}`}</span>
              {part && (
                <span className="list-reads-note muted">
                  {" "}
                  <Trans>
                    The network lists only part of them: this action was not checked, nobody was removed for
                    it.
                  </Trans>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
