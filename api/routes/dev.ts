/** The dev mailbox (decisions.md): every mail the app sent, newest first. Not mounted when NODE_ENV=production. */
import { desc } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../context";
import { mails } from "../db/schema";

export const devRoutes = new Hono<AppEnv>().get("/mailbox", (c) => {
  const rows = c.get("deps").db.select().from(mails).orderBy(desc(mails.id)).limit(100).all();
  return c.json({
    data: rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, created_at: m.createdAt })),
  });
});
