/**
 * The builder's header (contest-builder.md §2): the badge of where the form comes from (new, draft, contest,
 * template), the builder countdown, the submit button ('save contest' for a planned contest, 'create contest'
 * otherwise) and the menu: save or export as template, save draft or save as draft, shortlinks, settings, close.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "react-router";
import {
  badgeOf,
  callFor,
  draftMenuKey,
  linkOf,
  submitLabelKey,
  templateMenuKey,
} from "../../../engine/builder/origin";
import { MenuContent, MenuItem, MenuRoot, MenuSeparator, MenuTrigger } from "../components/DropdownMenu";
import { fullQuota, type GatedQuota, QuotaReason, useQuotaUsage } from "../team/quota-gate";
import { BuilderCountdown } from "./BuilderCountdown";
import { useBuilderEnv, useBuilderSelector } from "./context";
import { useBuilderNavigate } from "./navigate";

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
  const blocked = useBlockedQuotas();
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
          disabled={busy || blocked.contests !== null}
          aria-describedby={blocked.contests !== null ? "builder-contests-quota" : undefined}
          onClick={() => actor.send({ type: "SUBMIT" })}
        >
          {submitText}
        </button>
        <BuilderMenu disabled={busy} blocked={blocked} />
      </div>
      {blocked.contests !== null && (
        <div className="builder-quota">
          <QuotaReason id="builder-contests-quota" name="contests" limit={blocked.contests} />
        </div>
      )}
    </div>
  );
}

type Blocked = Record<Extract<GatedQuota, "contests" | "drafts" | "templates">, number | null>;

/**
 * What the plan's quotas block in this builder (the limit, or null): creating a contest (not saving the planned
 * contest it edits, nor a paid one, nor for a team whose plan lacks the builder: it buys a one-shot contest),
 * saving a new draft, exporting a new template.
 */
function useBlockedQuotas(): Blocked {
  const origin = useBuilderSelector((s) => s.context.origin);
  const { features } = useBuilderEnv();
  const usage = useQuotaUsage();
  const link = linkOf(origin);
  const creates = (action: "submit" | "draft" | "template") => callFor(origin, action).method === "create";
  // Without the contest builder in the plan, Create leads to a paid contest, which counts in no quota (§4).
  const paidFlow = !features.has("contestBuilder") || link?.paid_contest === true;
  return {
    contests: link?.status === "planned" || paidFlow ? null : fullQuota(usage, "contests"),
    drafts: creates("draft") ? fullQuota(usage, "drafts") : null,
    templates: creates("template") ? fullQuota(usage, "templates") : null,
  };
}

function BuilderMenu({ disabled, blocked }: { disabled: boolean; blocked: Blocked }) {
  const { t } = useLingui();
  const { actor } = useBuilderEnv();
  const origin = useBuilderSelector((s) => s.context.origin);
  const templateText =
    templateMenuKey(origin) === "builder.menu.save_template" ? t`Save template` : t`Export as template`;
  const draftText = draftMenuKey(origin) === "builder.menu.save_draft" ? t`Save draft` : t`Save as draft`;
  const leave = useBuilderNavigate();
  const navigate = useNavigate();
  const upgrade = () => (leave ? leave("/team/subscription") : navigate("/team/subscription"));
  return (
    <MenuRoot>
      <MenuTrigger className="button" data-action="menu">
        <Trans>Menu</Trans>
      </MenuTrigger>
      <MenuContent>
        <MenuItem
          data-action="template"
          disabled={disabled || blocked.templates !== null}
          aria-describedby={blocked.templates !== null ? "builder-templates-quota" : undefined}
          onSelect={() => actor.send({ type: "EXPORT_TEMPLATE" })}
        >
          {templateText}
        </MenuItem>
        {blocked.templates !== null && (
          <QuotaReason
            id="builder-templates-quota"
            name="templates"
            limit={blocked.templates}
            upgrade={false}
          />
        )}
        <MenuItem
          data-action="draft"
          disabled={disabled || blocked.drafts !== null}
          aria-describedby={blocked.drafts !== null ? "builder-drafts-quota" : undefined}
          onSelect={() => actor.send({ type: "SAVE_DRAFT" })}
        >
          {draftText}
        </MenuItem>
        {blocked.drafts !== null && (
          <QuotaReason id="builder-drafts-quota" name="drafts" limit={blocked.drafts} upgrade={false} />
        )}
        {(blocked.templates !== null || blocked.drafts !== null) && (
          // Inside a menu the upgrade is an item of its own, so the arrow keys reach it.
          <MenuItem data-action="upgrade" onSelect={upgrade}>
            <Trans>Upgrade the plan</Trans>
          </MenuItem>
        )}
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
