/**
 * Shortlinks (app-shell.md §5, §7, §9; contest-builder.md §6): create one (random key, or a custom key with the
 * shortlinksCustomKey feature), list the team's, read one, its visits per UTC day (feature
 * shortlinks.statistics, 403 planNotSupported; api/services/shortlink-statistics.ts), and the redirect itself
 * (api/services/shortlinks.ts).
 *
 * The redirect, GET /s/:key, is mounted outside /api: the short domains point at this server (a proxy maps
 * https://fdr.aw/{key} to /s/{key} keeping the Host), and a request on the app's own host resolves the key on
 * the default domain. It answers 302 to the link (never cached, so every visit is counted) or a plain-text 404.
 */
import { Hono } from "hono";
import { requestAddress } from "../client-address";
import type { AppEnv } from "../context";
import { AppError } from "../errors";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { dayRange, shortlinkStatistics } from "../services/shortlink-statistics";
import {
  createShortlink,
  domainOfHost,
  findTeamShortlink,
  isKeyShaped,
  listShortlinks,
  recordVisit,
  resolveShortlink,
  shortlinkShape,
  visitorHash,
} from "../services/shortlinks";
import { teamFeatures } from "../services/teams";
import { jsonBody, validateForm, validationError } from "../validation";
import { requireFeature } from "./lifecycle-common";

/** The link as a header-safe absolute http(s) URL (the create call checked it; this guards older rows). */
function safeUrl(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" || parsed.protocol === "https:" ? parsed.href : null;
  } catch {
    return null;
  }
}

/** `?limit=n` (a whole number from 1), for "the last 5"; absent or anything else: every shortlink. */
function limitParam(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,5}$/.test(value)) return undefined;
  return Number(value);
}

export const shortlinksRoutes = new Hono<AppEnv>()
  .post("/shortlinks/create", requirePermission("team.shortlinks.create_shortlink"), async (c) => {
    const { db, clock, catalog } = c.get("deps");
    const { team } = teamOf(c);
    const auth = authOf(c);
    const body = await jsonBody(c);
    validateForm(c, "shortlink-create", body, teamFeatures(catalog, team));
    // The form rules checked the types; a key makes the link custom (app-shell.md §5).
    const key = typeof body.key === "string" && body.key !== "" ? body.key : null;
    if (body.type === "custom" && key === null) {
      throw validationError(c, { key: [{ key: "validation.required", rule: "required" }] });
    }
    const created = await createShortlink(db, clock, {
      teamId: team.id,
      userId: auth.user.id,
      domain: String(body.domain),
      key,
      url: String(body.url).trim(),
    });
    if (created === "taken") {
      throw validationError(c, { key: [{ key: "validation.shortlink.key_taken", rule: "unique" }] });
    }
    return c.json(shortlinkShape(created), 201);
  })
  .get("/shortlinks/list", requirePermission("team.shortlinks.view_shortlink"), async (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const rows = await listShortlinks(db, team.id, limitParam(c.req.query("limit")));
    return c.json({ data: rows.map(shortlinkShape) });
  })
  .get("/shortlinks/:id", requirePermission("team.shortlinks.view_shortlink"), async (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const row = await findTeamShortlink(db, team.id, c.req.param("id"), c.req.query("domain"));
    if (!row) throw new AppError("notFound", { message: "error.notFound.shortlink" });
    return c.json(shortlinkShape(row));
  })
  .get("/shortlinks/:id/statistics", requirePermission("team.shortlinks.view_shortlink"), async (c) => {
    requireFeature(
      c,
      "shortlinks.statistics",
      "planNotSupported",
      "error.planNotSupported.shortlinkStatistics",
    );
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const row = await findTeamShortlink(db, team.id, c.req.param("id"), c.req.query("domain"));
    if (!row) throw new AppError("notFound", { message: "error.notFound.shortlink" });
    const asked = dayRange({ from: c.req.query("from"), to: c.req.query("to") }, clock());
    if ("errors" in asked) throw validationError(c, asked.errors);
    return c.json(await shortlinkStatistics(db, row.id, asked.range));
  });

/** The redirect itself, GET /s/:key on the app's domain (mounted outside /api). */
export const shortlinkRedirectRoutes = new Hono<AppEnv>().get("/:key", async (c) => {
  const { db, clock, env } = c.get("deps");
  const key = c.req.param("key");
  c.header("Cache-Control", "no-store");
  const host = c.req.header("host") ?? new URL(c.req.url).host;
  const row = isKeyShaped(key) ? await resolveShortlink(db, domainOfHost(host), key) : undefined;
  const target = row && safeUrl(row.url);
  if (!row || !target) return c.text("This short link does not exist.", 404);
  if (c.req.method === "GET") {
    const visitor = visitorHash(
      env.shortlinkSecret,
      row.id,
      requestAddress(c) ?? "",
      c.req.header("user-agent") ?? "",
    );
    await recordVisit(db, clock, row, visitor);
  }
  return c.redirect(target, 302);
});
