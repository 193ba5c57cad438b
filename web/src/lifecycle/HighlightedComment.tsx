/**
 * A comment with the contest's keywords (yellow) and prediction answers (purple) marked (contest-builder.md §4).
 * Colour is not the only cue: each mark is announced ("keyword", "prediction") to screen readers and the legend
 * says what each colour means.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { formatList } from "../i18n/list";
import type { CommentTerms } from "./contest-rules";
import { highlightSegments } from "./highlight";

export function HighlightedComment({ text, terms }: { text: string; terms: CommentTerms }) {
  const { t } = useLingui();
  const segments = highlightSegments(text, terms);
  return (
    <p className="comment-text">
      {segments.map((s, i) =>
        s.kind === "plain" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, in order
          <span key={i}>{s.text}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one fixed text, in order
          <mark key={i} className={`hl-${s.kind}`} data-kind={s.kind}>
            <span className="visually-hidden">{s.kind === "keyword" ? t`keyword:` : t`prediction:`} </span>
            {s.text}
          </mark>
        ),
      )}
    </p>
  );
}

/** What the colours mean; shown only when the source asks for keywords or a prediction. */
export function HighlightLegend({ terms }: { terms: CommentTerms }) {
  const { i18n } = useLingui();
  if (terms.keywords.length === 0 && terms.prediction.length === 0) return null;
  return (
    <p className="highlight-legend muted">
      {terms.keywords.length > 0 && (
        <span>
          <mark className="hl-keyword">
            <Trans>Keyword</Trans>
          </mark>{" "}
          {formatList(i18n.locale, terms.keywords)}
        </span>
      )}
      {terms.prediction.length > 0 && (
        <span>
          <mark className="hl-prediction">
            <Trans>Prediction</Trans>
          </mark>{" "}
          {formatList(i18n.locale, terms.prediction)}
        </span>
      )}
    </p>
  );
}
