/**
 * The builder's header (contest-builder.md §2): the badge of where the form comes from (new, draft, contest,
 * template), the builder countdown, the submit button ('save contest' for a planned contest, 'create contest'
 * otherwise) and the menu: save or export as template, save draft or save as draft, shortlinks, settings, close.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { badgeOf, draftMenuKey, submitLabelKey, templateMenuKey } from "../../../engine/builder/origin";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../components/DropdownMenu";
import { BuilderCountdown } from "./BuilderCountdown";
import { useBuilderEnv, useBuilderSelector } from "./context";

export function Header() {
  const { t } = useLingui();
  const { actor } = useBuilderEnv();
  const origin = useBuilderSelector((s) => s.context.origin);
  const busy = useBuilderSelector((s) => !s.matches("editing"));
  const badge = badgeOf(origin);
  const badgeText =
    badge === "new" ? t`New` : badge === "draft" ? t`Draft` : badge === "contest" ? t`Contest` : t`Template`;
  const submitText =
    submitLabelKey(origin) === "builder.submit.save_contest" ? t`Save contest` : t`Create contest`;
  return (
    // Not a <header>: inside the dialog it is no page banner (the page behind has its own).
    <div className="builder-header">
      <div className="builder-title">
        <h2>
          <Trans>Contest builder</Trans>
        </h2>
        <span className={`builder-badge badge-${badge}`} data-badge={badge}>
          {badgeText}
        </span>
      </div>
      <BuilderCountdown />
      <div className="builder-header-actions">
        <button
          type="button"
          className="button primary"
          data-action="submit"
          disabled={busy}
          onClick={() => actor.send({ type: "SUBMIT" })}
        >
          {submitText}
        </button>
        <BuilderMenu disabled={busy} />
      </div>
    </div>
  );
}

function BuilderMenu({ disabled }: { disabled: boolean }) {
  const { t } = useLingui();
  const { actor } = useBuilderEnv();
  const origin = useBuilderSelector((s) => s.context.origin);
  const templateText =
    templateMenuKey(origin) === "builder.menu.save_template" ? t`Save template` : t`Export as template`;
  const draftText = draftMenuKey(origin) === "builder.menu.save_draft" ? t`Save draft` : t`Save as draft`;
  return (
    <MenuRoot>
      <MenuTrigger className="button" data-action="menu">
        <Trans>Menu</Trans>
      </MenuTrigger>
      <MenuContent>
        <MenuItem
          data-action="template"
          disabled={disabled}
          onSelect={() => actor.send({ type: "EXPORT_TEMPLATE" })}
        >
          {templateText}
        </MenuItem>
        <MenuItem data-action="draft" disabled={disabled} onSelect={() => actor.send({ type: "SAVE_DRAFT" })}>
          {draftText}
        </MenuItem>
        <MenuItem
          data-action="shortlinks"
          disabled={disabled}
          onSelect={() => actor.send({ type: "OPEN", modal: "manageShortlinks" })}
        >
          <Trans>Shortlinks</Trans>
        </MenuItem>
        <MenuItem
          data-action="settings"
          disabled={disabled}
          onSelect={() => actor.send({ type: "OPEN", modal: "builderSettings" })}
        >
          <Trans>Settings</Trans>
        </MenuItem>
        <MenuSeparator />
        <MenuItem data-action="close" onSelect={() => actor.send({ type: "CLOSE" })}>
          <Trans>Close</Trans>
        </MenuItem>
      </MenuContent>
    </MenuRoot>
  );
}
