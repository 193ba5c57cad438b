/**
 * The validation side pane (contest-builder.md §2): beside every pane but the welcome pane, on wide screens only
 * (builder.css), the steps of the pane's part with their states and the list of its errors, each a link that
 * moves to the field (its tab, for a source) and focuses it.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { inPart, PANES, partOfPane, partSteps } from "../../../engine/builder/selectors";
import { sameJson, useBuilderEnv, useBuilderSelector } from "./context";
import { fieldLabel, stepLabel } from "./labels";
import { errorText } from "./messages";
import { StateIcon } from "./StateIcon";

export function ValidationSidePane({ pane }: { pane: number }) {
  const { t, i18n } = useLingui();
  const { compiled, locale, focusField } = useBuilderEnv();
  const part = useBuilderSelector((s) => partOfPane(s.context.form, pane));
  const steps = useBuilderSelector(
    (s) => (part && part !== "sources" ? partSteps({ ...s.context, config: compiled }, part) : []),
    sameJson,
  );
  const errors = useBuilderSelector(
    (s) => (part ? Object.entries(s.context.errors).filter(([path]) => inPart(path, part)) : []),
    sameJson,
  );
  if (part === null) return null;
  const scope = part.startsWith("sources") ? "sources" : part;
  const labelOf = (path: string) => {
    if (path === part) return t`This part`;
    const relative = path.slice(part.length + 1);
    if (part === "sources") return pane === PANES.sources ? t`Sources` : relative;
    return fieldLabel(i18n, scope, relative);
  };
  return (
    <aside className="builder-side-pane" aria-labelledby="builder-side-title" data-part={part}>
      <h3 id="builder-side-title">
        <Trans>Validation</Trans>
      </h3>
      {steps.length > 0 && (
        <ul className="builder-side-steps">
          {steps.map((step) => (
            <li key={step.id} data-state={step.state}>
              <StateIcon state={step.state} /> {stepLabel(i18n, step.id)}
            </li>
          ))}
        </ul>
      )}
      {errors.length === 0 ? (
        <p className="muted" role="status">
          <Trans>No error found so far.</Trans>
        </p>
      ) : (
        <ul className="builder-side-errors" role="status" aria-label={t`Errors of this pane`}>
          {errors.map(([path, list]) => (
            <li key={path}>
              <a
                href={`#${path}`}
                data-error-path={path}
                onClick={(e) => {
                  e.preventDefault();
                  focusField(path);
                }}
              >
                <span className="builder-side-label">{labelOf(path)}</span>
                <span className="field-error">
                  {" – "}
                  {list[0] ? errorText(locale, list[0]) : ""}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </aside>
  );
}
