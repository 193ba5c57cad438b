/**
 * What a team uses of its quotas (app-shell.md §3 "Quotas", §6), counted by the very functions the calls that
 * enforce each quota use, so the team page and the refusals never disagree:
 * - members: membersCount (invites, members' accept); active member invites hold a place too (`invites`);
 * - accounts: teamAccounts per network (assertAccountsQuota; the quota is per network, `used` is the busiest);
 * - drafts, templates, contests: countDrafts, countTemplates, countActiveContests (the builder's creates);
 * - imports: importsUsed of the calendar month, UTC (quickdraw);
 * - winners: a limit per draw (drawCounts), nothing is used up;
 * - storage_mb: the megabytes of the team's uploads (teamStorageBytes, what the upload call checks).
 */
import type { Catalog } from "../catalog";
import type { Clock } from "../clock";
import type { TeamRow } from "../context";
import type { Db } from "../db/client";
import { teamAccounts } from "./accounts";
import { countActiveContests, countDrafts, countTemplates } from "./contests/counts";
import { countActiveInvites } from "./invites";
import { importsUsed } from "./quickdraw";
import { membersCount, teamQuotas } from "./teams";
import { teamStorageBytes } from "./uploads";

/** Megabytes with one decimal, rounded up: a few bytes used never shows as 0. */
function bytesToMb(bytes: number): number {
  return Math.ceil((bytes / (1024 * 1024)) * 10) / 10;
}

export async function quotaUsage(deps: { db: Db; catalog: Catalog; clock: Clock }, team: TeamRow) {
  const { db, catalog, clock } = deps;
  const limits = teamQuotas(catalog, team);
  const perProvider: Record<string, number> = {};
  for (const { account } of await teamAccounts(db, team.id)) {
    perProvider[account.provider] = (perProvider[account.provider] ?? 0) + 1;
  }
  return {
    members: {
      used: await membersCount(db, team.id),
      limit: limits.members,
      invites: await countActiveInvites(db, clock, team.id, "add_member"),
    },
    accounts: {
      used: Math.max(0, ...Object.values(perProvider)),
      limit: limits.accounts,
      per_provider: perProvider,
    },
    drafts: { used: await countDrafts(db, team.id), limit: limits.drafts },
    templates: { used: await countTemplates(db, team.id), limit: limits.templates },
    imports: {
      used: await importsUsed(db, team.id, clock()),
      limit: limits.imports,
      period: "month" as const,
    },
    contests: { used: await countActiveContests(db, team.id), limit: limits.contests },
    winners: { limit: limits.winners },
    storage_mb: { used: bytesToMb(await teamStorageBytes(db, team.id)), limit: limits.storage_mb },
  };
}
