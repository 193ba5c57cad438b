/**
 * What the team pages call the catalogue entries of schemas/ (permissions, their categories, plan features,
 * quotas), as Lingui descriptors translated where they are drawn. The catalogues are data product staff edit:
 * an entry this file does not know yet still shows, with the catalogue's own (English) description.
 */

import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FeatureCatalogue, PermissionCatalogue, Quotas } from "../../../codegen/types";
import featuresJson from "../../../schemas/features.json";
import planMeta from "../../../schemas/meta/plan.schema.json";
import permissionsJson from "../../../schemas/permissions.json";

/** Plan features are named by the one label module (web/src/labels.ts). */
export { featureLabel } from "../labels";

export const PERMISSIONS = permissionsJson as unknown as PermissionCatalogue;
export const FEATURES = featuresJson as unknown as FeatureCatalogue;

/** The quota names, in the order the plans' meta-schema lists them (schemas/meta/plan.schema.json). */
export const QUOTA_NAMES = planMeta.$defs.quotas.required as readonly (keyof Quotas)[];
export type QuotaName = keyof Quotas;

export const QUOTA_LABELS: Record<QuotaName, MessageDescriptor> = {
  members: msg`Members`,
  accounts: msg`Accounts per network`,
  drafts: msg`Drafts`,
  templates: msg`Templates`,
  imports: msg`Imports per month`,
  contests: msg`Running contests`,
  winners: msg`Winners per contest`,
  storage_mb: msg`Storage (MB)`,
};

const CATEGORY_LABELS: Record<string, MessageDescriptor> = {
  "team.contests": msg`Contests`,
  "team.templates": msg`Templates`,
  "team.invites": msg`Invites`,
  "team.shortlinks": msg`Shortlinks`,
  "team.accounts": msg`Accounts`,
  "team.members": msg`Members`,
  "team.activity": msg`Activity`,
  "team.subscription": msg`Subscription`,
  "team.billing": msg`Billing`,
  "team.settings": msg`Settings`,
};

const PERMISSION_LABELS: Record<string, MessageDescriptor> = {
  "team.contests.load_entries": msg`Load the entries of a contest`,
  "team.contests.export_entries": msg`Download the entries of a contest`,
  "team.contests.view_contests": msg`See the team's contests`,
  "team.contests.create_drafts": msg`Save a contest as a draft`,
  "team.contests.update_drafts": msg`Change a draft`,
  "team.contests.delete_drafts": msg`Delete a draft`,
  "team.contests.import_contests": msg`Import a post as a contest and merge contests`,
  "team.contests.create_contests": msg`Create a contest`,
  "team.contests.update_contests": msg`Change a planned contest`,
  "team.contests.delete_contests": msg`Delete a contest`,
  "team.contests.do_testdraw": msg`Run a test draw`,
  "team.contests.do_finaldraw": msg`Run the final draw`,
  "team.templates.view_templates": msg`See the team's templates`,
  "team.templates.create_templates": msg`Save or export a contest as a template`,
  "team.templates.update_templates": msg`Change a template`,
  "team.templates.delete_templates": msg`Delete a template`,
  "team.invites.view_invite": msg`See the team's invites`,
  "team.invites.create_invite": msg`Invite a member or someone to link an account`,
  "team.invites.cancel_invite": msg`Cancel an active invite`,
  "team.shortlinks.view_shortlink": msg`See the team's shortlinks`,
  "team.shortlinks.create_shortlink": msg`Create a shortlink`,
  "team.accounts.update_account": msg`Link and refresh accounts`,
  "team.accounts.request_reconnect_account": msg`Ask an account's owner to reconnect it`,
  "team.accounts.unlink_account": msg`Unlink an account from the team`,
  "team.members.manage_permissions": msg`Change other members' permissions`,
  "team.members.delete_member": msg`Remove a member from the team`,
  "team.activity.view_activity": msg`See the team's activity`,
  "team.subscription.view_subscription": msg`See the team's subscription`,
  "team.subscription.upgrade_subscription": msg`Change to a higher plan or buy a one-shot`,
  "team.subscription.cancel_subscription": msg`Cancel the subscription`,
  "team.subscription.reactivate_subscription": msg`Reactivate a canceled subscription`,
  "team.billing.view_invoices": msg`See and download invoices`,
  "team.settings.edit_information": msg`Change the team's name and settings`,
  "team.settings.transfer_ownership": msg`Make another member the owner`,
  "team.settings.delete_team": msg`Delete the team`,
};

const FEATURE_GROUP_LABELS: Record<string, MessageDescriptor> = {
  builder: msg`Contest builder`,
  draw: msg`Draw`,
  filters: msg`Filters`,
  entries: msg`Entries`,
  team: msg`Team`,
};

function lookup(
  i18n: I18n,
  labels: Record<string, MessageDescriptor>,
  key: string,
  fallback: string,
): string {
  const label = labels[key];
  return label ? i18n._(label) : fallback;
}

export function categoryLabel(i18n: I18n, id: string): string {
  const category = PERMISSIONS.categories.find((c) => c.id === id);
  return lookup(i18n, CATEGORY_LABELS, id, category?.description ?? id);
}

export function permissionLabel(i18n: I18n, name: string): string {
  const permission = PERMISSIONS.categories.flatMap((c) => c.permissions).find((p) => p.name === name);
  return lookup(i18n, PERMISSION_LABELS, name, permission?.description ?? name);
}

export function featureGroupLabel(i18n: I18n, group: string): string {
  return lookup(i18n, FEATURE_GROUP_LABELS, group, group);
}

/** The catalogue's features, group by group, in catalogue order. */
export function featuresByGroup(): { group: string; features: string[] }[] {
  const groups: { group: string; features: string[] }[] = [];
  for (const f of FEATURES.features) {
    let entry = groups.find((g) => g.group === f.group);
    if (!entry) {
      entry = { group: f.group, features: [] };
      groups.push(entry);
    }
    entry.features.push(f.name);
  }
  return groups;
}

export type InviteStatus = "active" | "used" | "expired" | "canceled";

export const INVITE_STATUS_LABELS: Record<InviteStatus, MessageDescriptor> = {
  active: msg`Active`,
  used: msg`Used`,
  expired: msg`Expired`,
  canceled: msg`Canceled`,
};
