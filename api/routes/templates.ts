/**
 * Templates made by the builder (contest-builder.md §7): a form kept to start contests from, never a contest;
 * read with view_templates, written with create_templates, update_templates, delete_templates.
 */
import { and, eq, isNull } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { templates } from "../db/tables";
import { authOf, requirePermission, teamOf } from "../middleware/guards";
import { filesOf } from "../services/contests/media";
import { listTemplates } from "../services/contests/queries";
import { templateListItem, templateShape } from "../services/contests/shapes";
import { replayOf } from "../services/idempotency";
import { jsonBody } from "../validation";
import { createOnce, idempotentRequest } from "./builder/create-once";
import { existingTemplate } from "./builder/existing";
import { checkForm, readForm } from "./builder/form-checks";
import { pagination, withOptions } from "./builder/list-query";
import { P } from "./builder/permissions";
import { requireFeature } from "./lifecycle-common";
import { ID } from "./params";

export const templatesRoutes = new Hono<AppEnv>()
  .get("/templates/list", requirePermission(P.viewTemplates), async (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const { page, perPage } = pagination(c);
    const { items, total } = await listTemplates(db, team.id, page, perPage);
    return c.json({ data: items.map(templateListItem), meta: { page, per_page: perPage, total } });
  })
  .post("/templates/create", requirePermission(P.createTemplates), async (c) => {
    requireFeature(c, "templates", "planNotSupported", "error.planNotSupported.templates");
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const userId = authOf(c).user.id;
    const body = await jsonBody(c);
    const { form } = await readForm(c, body, "templates", "create");
    const request = idempotentRequest(c, body, form, "templates.create");
    const replay = await replayOf(db, request);
    if (replay) return c.json(replay.response, replay.status);

    const now = clock();
    const { ctx, stored } = await checkForm(c, form, now);
    const { answer } = await createOnce(
      c,
      { request, now, ctx, quota: "templates", idField: "template_id" },
      async (tx, id, at) => {
        await tx.insert(templates).values({
          id,
          teamId: team.id,
          name: stored.base.name,
          cbData: stored,
          createdBy: userId,
          createdAt: at,
          updatedAt: at,
        });
      },
    );
    return c.json(answer.response, answer.status);
  })
  .get(`/templates/${ID}`, requirePermission(P.viewTemplates), async (c) => {
    const { db } = c.get("deps");
    const { team } = teamOf(c);
    const row = await existingTemplate(db, team.id, c.req.param("id"));
    const files = withOptions(c).has("files") ? await filesOf(db, team.id, row.cbData) : undefined;
    return c.json(templateShape(row, files ? { files } : {}));
  })
  .post(`/templates/${ID}`, requirePermission(P.updateTemplates), async (c) => {
    requireFeature(c, "templates", "planNotSupported", "error.planNotSupported.templates");
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const body = await jsonBody(c);
    const { form } = await readForm(c, body, "templates", "update");
    const row = await existingTemplate(db, team.id, c.req.param("id"));
    const now = clock();
    const { stored } = await checkForm(c, form, now);
    await db
      .update(templates)
      .set({ name: stored.base.name, cbData: stored, updatedAt: now.toISOString() })
      .where(and(eq(templates.id, row.id), isNull(templates.deletedAt)));
    return c.json({ template_id: row.id });
  })
  .delete(`/templates/${ID}`, requirePermission(P.deleteTemplates), async (c) => {
    const { db, clock } = c.get("deps");
    const { team } = teamOf(c);
    const row = await existingTemplate(db, team.id, c.req.param("id"));
    const at = clock().toISOString();
    await db
      .update(templates)
      .set({ deletedAt: at, updatedAt: at })
      .where(and(eq(templates.id, row.id), isNull(templates.deletedAt)));
    return c.json({ success: true });
  });
