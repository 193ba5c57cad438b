/**
 * The contest builder's server side: the builder config (decisions.md) — every field's rule string, can_edit,
 * plan feature and UI hints, the schemas' defaults, per-provider limits — with what this team has: its plan
 * features, quotas and linked accounts. The browser validates with it through the same engine as the server.
 */
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import type { ContestBase } from "../../codegen/types";
import { grantedScopesOf, unreadableActions } from "../../engine/provider";
import type { AppEnv } from "../context";
import { accounts } from "../db/tables";
import { oauthConfigOf } from "../drivers";
import { requirePermission, teamOf } from "../middleware/guards";
import { publicationAccountId } from "../services/publication-account";
import { teamFeatures, teamQuotas } from "../services/teams";

export const contestBuilderRoutes = new Hono<AppEnv>().get("/contest-builder/defaults", async (c) => {
  const base: ContestBase = c.get("deps").catalog.builder.defaults.base;
  return c.json({ base });
});

/** The builder's configuration for the current team (mounted on /teams/current). */
export const contestBuilderConfigRoutes = new Hono<AppEnv>().get(
  "/contest-builder/config",
  requirePermission("team.contests.view_contests"),
  async (c) => {
    const { catalog, db, env } = c.get("deps");
    const { team } = teamOf(c);
    const { files: _files, ...config } = catalog.builderConfig;
    const linked = await db
      .select()
      .from(accounts)
      .where(and(eq(accounts.teamId, team.id), eq(accounts.disabled, false)));
    const byProvider: Record<string, unknown[]> = {};
    for (const a of linked) {
      const provider = catalog.providers.get(a.provider);
      const list = byProvider[a.provider] ?? [];
      byProvider[a.provider] = list;
      list.push({
        _id: a.id,
        account_id: publicationAccountId(a.externalId),
        name: a.name,
        screen_name: a.screenName,
        sandbox: a.sandbox,
        // The actions this account's grant cannot have read: the builder says so beside their switch.
        unreadable_actions: unreadableActions(provider, grantedScopesOf(a.meta)),
        // What it publishes stays private until the network audits the app (TikTok: SELF_ONLY).
        publishes_private:
          !a.sandbox &&
          provider?.capabilities.publishing.private_until_audited === true &&
          (provider ? oauthConfigOf(provider, env)?.appAudited !== true : false),
      });
    }
    return c.json({
      ...config,
      // What {DRAW_LINK} becomes in a post (api/services/publications.ts verifyUrl): the preview shows it.
      public_url: c.get("deps").env.publicUrl,
      team: {
        features: teamFeatures(catalog, team),
        quotas: teamQuotas(catalog, team),
        accounts: byProvider,
        settings: {
          contest_builder_create_shortlinks_on_paste:
            team.meta?.contest_builder_create_shortlinks_on_paste ?? null,
        },
      },
    });
  },
);
