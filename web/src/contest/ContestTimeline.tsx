/**
 * The contest's timeline (app-shell.md §4): an ordered list of its steps, each done (with when), the current one
 * or upcoming (with the date it is planned for, when there is one).
 */

import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Check, X } from "lucide-react";
import { type TimelineContest, type TimelineStepId, timelineOf } from "./lifecycle";

/** A classic contest starts when its post is imported. */
const IMPORTED = msg`Post imported`;

const STEP_LABELS: Record<TimelineStepId, MessageDescriptor> = {
  created: msg`Created`,
  loaded: msg`Entries loaded`,
  started: msg`Started`,
  closed: msg`Closed`,
  entries_loaded: msg`Entries loaded`,
  drawn: msg`Winners drawn`,
  ended: msg`Ended`,
  canceled: msg`Canceled`,
};

export function ContestTimeline({ contest }: { contest: TimelineContest }) {
  const { t, i18n } = useLingui();
  const steps = timelineOf(contest);
  const when = (iso: string) => i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" });
  return (
    <ol className="contest-timeline" aria-label={t`Timeline`}>
      {steps.map((step) => (
        <li
          key={step.id}
          className={`timeline-step ${step.state}${step.id === "canceled" ? " canceled" : ""}`}
          data-step={step.id}
          data-state={step.state}
          aria-current={step.state === "current" ? "step" : undefined}
        >
          <span className="timeline-dot" aria-hidden="true">
            {step.state === "done" ? step.id === "canceled" ? <X size={14} /> : <Check size={14} /> : null}
          </span>
          <span className="timeline-label">
            {i18n._(step.id === "started" && contest.type === "classic" ? IMPORTED : STEP_LABELS[step.id])}
          </span>
          {step.at && (
            <time className="timeline-time muted" dateTime={step.at}>
              {step.state === "done" ? when(step.at) : <Trans>planned for {when(step.at)}</Trans>}
            </time>
          )}
          {step.state === "current" && (
            <span className="visually-hidden">
              <Trans>(next step)</Trans>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
