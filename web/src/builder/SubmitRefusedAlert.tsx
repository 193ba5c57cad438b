/**
 * What a refused "Create contest" says (contest-builder.md §4 Submit): the machine has moved to the first pane with
 * an error; this focuses its first field and says, in an alert, how many errors remain and in which panes. It stays
 * until the next refused submit replaces it, or the errors are gone.
 */
import { Plural, useLingui } from "@lingui/react/macro";
import { CircleAlert } from "lucide-react";
import { useEffect, useRef } from "react";
import { PANES, panesWithErrors } from "../../../engine/builder/selectors";
import { providerOf } from "../providers";
import { sameJson, useBuilderEnv, useBuilderSelector } from "./context";

export function SubmitRefusedAlert() {
  const { t, i18n } = useLingui();
  const { focusField } = useBuilderEnv();
  const refused = useBuilderSelector((s) => s.context.refusedSubmits);
  const panes = useBuilderSelector((s) => panesWithErrors(s.context.form, s.context.errors), sameJson);
  const sources = useBuilderSelector(
    (s) => s.context.form.sources.map((x) => [x.id, x.type] as const),
    sameJson,
  );
  const handled = useRef(refused);

  // Each refused submit focuses the first field in error, once.
  useEffect(() => {
    if (refused === handled.current) return;
    handled.current = refused;
    const first = panes[0]?.paths[0];
    if (first) focusField(first);
  }, [refused, panes, focusField]);

  if (refused === 0 || panes.length === 0) return null;
  const count = panes.reduce((n, p) => n + p.paths.length, 0);
  const name = (pane: number) => {
    if (pane === PANES.base) return t`Basic information`;
    if (pane === PANES.sources) return t`Sources`;
    if (pane === PANES.summary) return t`Summary`;
    const type = sources.find(([id]) => id === pane)?.[1] ?? "";
    return providerOf(type)?.display_name ?? t`Source`;
  };
  const where = new Intl.ListFormat(i18n.locale, { type: "conjunction" }).format(
    panes.map((p) => name(p.pane)),
  );
  return (
    <div className="builder-submit-alert" role="alert" data-refused={refused}>
      <CircleAlert size={18} aria-hidden="true" />
      <p>
        <Plural
          value={count}
          one={`The contest was not created: # error remains, in ${where}.`}
          other={`The contest was not created: # errors remain, in ${where}.`}
        />
      </p>
    </div>
  );
}
