/**
 * Why the draw takes fewer accounts than the Entries page counts valid entries (issue 27: "66 valid entries" there,
 * "drawn among 64" here): an account that entered more than once takes part once, an account the manual check
 * rejected through another of its entries does not, nor does a winner of a winning moment (it won already).
 * Nothing shows when the two counts agree.
 */
import { Plural } from "@lingui/react/macro";

export type DrawableMeta = {
  valid: number;
  drawable: number;
  not_drawn: { repeated: number; rejected: number; moment_winners: number };
};

export function DrawableNote({ meta }: { meta: DrawableMeta }) {
  if (meta.valid === meta.drawable) return null;
  const { repeated, rejected, moment_winners: moments } = meta.not_drawn;
  return (
    <div className="drawable-note" role="note">
      <p>
        <Plural
          value={meta.valid}
          one="Why not every one of the # valid entry of the Entries page counts:"
          other="Why not every one of the # valid entries of the Entries page counts:"
        />
      </p>
      <ul>
        {repeated > 0 && (
          <li data-reason="repeated">
            <Plural
              value={repeated}
              one="# entry comes from an account that entered more than once: each account takes part once."
              other="# entries come from accounts that entered more than once: each account takes part once."
            />
          </li>
        )}
        {rejected > 0 && (
          <li data-reason="rejected">
            <Plural
              value={rejected}
              one="# account was rejected by the manual check on another of its entries."
              other="# accounts were rejected by the manual check on another of their entries."
            />
          </li>
        )}
        {moments > 0 && (
          <li data-reason="moment-winners">
            <Plural
              value={moments}
              one="# account already won a winning moment."
              other="# accounts already won a winning moment."
            />
          </li>
        )}
      </ul>
    </div>
  );
}
