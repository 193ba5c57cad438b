/**
 * The frame of a pane: its title with the pane's state, its content, and Previous / Next (Next checks the pane's part
 * with the engine and stays while it has errors, contest-builder.md §4). The header is measured (render-count test).
 */
import { Trans } from "@lingui/react/macro";
import { Profiler, type ReactNode, use } from "react";
import { paneStates } from "../../../../engine/builder/selectors";
import { BuilderProfilerContext, useBuilderEnv, useBuilderSelector } from "../context";
import { StateIcon } from "../StateIcon";

function PaneHeader({ title, part, extra }: { title: ReactNode; part: string | null; extra?: ReactNode }) {
  const state = useBuilderSelector((s) =>
    part === null ? null : (paneStates(s.context).find((e) => e.part === part)?.state ?? null),
  );
  return (
    <header className="builder-pane-head">
      {state && <StateIcon state={state} />}
      <h3 id="builder-pane-title">{title}</h3>
      {extra}
    </header>
  );
}

export function PaneFrame({
  title,
  part,
  children,
  extra,
  onNext,
  nextLabel,
  showPrevious = true,
}: {
  title: ReactNode;
  /** The part the pane edits ("base", "sources", "sources.<i>", "summary"); null for the welcome pane. */
  part: string | null;
  children: ReactNode;
  extra?: ReactNode;
  /** What Next does instead of the machine's NEXT (a source's next tab). */
  onNext?: () => void;
  nextLabel?: ReactNode;
  showPrevious?: boolean;
}) {
  const { actor } = useBuilderEnv();
  const onRender = use(BuilderProfilerContext);
  const header = <PaneHeader title={title} part={part} extra={extra} />;
  const isLast = useBuilderSelector((s) => s.context.pane === 3);
  return (
    <section className="builder-pane" aria-labelledby="builder-pane-title" data-part={part ?? "welcome"}>
      {onRender ? (
        <Profiler id={`pane:${part ?? "welcome"}`} onRender={onRender}>
          {header}
        </Profiler>
      ) : (
        header
      )}
      <div className="builder-pane-body">{children}</div>
      <footer className="builder-pane-foot">
        {showPrevious && (
          <button
            type="button"
            className="button"
            data-action="previous"
            onClick={() => actor.send({ type: "PREVIOUS" })}
          >
            <Trans>Previous</Trans>
          </button>
        )}
        {!isLast && (
          <button
            type="button"
            className="button primary"
            data-action="next"
            onClick={() => (onNext ? onNext() : actor.send({ type: "NEXT" }))}
          >
            {nextLabel ?? <Trans>Next</Trans>}
          </button>
        )}
      </footer>
    </section>
  );
}
