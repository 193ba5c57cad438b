/**
 * The state of a pane or a step (contest-builder.md §2, §4): a red cross (invalid), a green check (valid), an arrow
 * (still to do, pointing the reading direction: left in Arabic) or a circle (an option that is off). The state is
 * also written for screen readers.
 */

import { useLingui } from "@lingui/react/macro";
import { ArrowLeft, ArrowRight, Check, Circle, X } from "lucide-react";
import type { PaneState, StepState } from "../../../engine/validation/steps";
import { isRtl } from "../components/DirectionArrow";

export function StateIcon({ state }: { state: PaneState | StepState }) {
  const { t } = useLingui();
  const label =
    state === "INVALID"
      ? t`has errors`
      : state === "VALID"
        ? t`valid`
        : state === "OPTION"
          ? t`option off`
          : t`to complete`;
  const Mark =
    state === "INVALID"
      ? X
      : state === "VALID"
        ? Check
        : state === "OPTION"
          ? Circle
          : isRtl()
            ? ArrowLeft
            : ArrowRight;
  return (
    <span
      className={`state-icon state-${state.toLowerCase()}`}
      data-state={state}
      role="img"
      aria-label={label}
    >
      <Mark size={14} strokeWidth={2.5} aria-hidden="true" />
    </span>
  );
}
