/**
 * The dev mailbox (decisions.md): every mail the app sent, newest first. Not mounted when NODE_ENV=production,
 * and it answers only to this machine: the socket's peer must be a loopback address and the request must not
 * have come through a proxy (a proxy on the same machine would make any visitor look local). Anyone else gets
 * the 404 of a path that does not exist. In-process requests (tests' app.request) have no network at all.
 */
import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { isLoopbackAddress, socketAddress } from "../client-address";
import type { AppEnv } from "../context";
import { mails } from "../db/tables";
import { AppError } from "../errors";

export const devRoutes = new Hono<AppEnv>().get("/mailbox", async (c) => {
  const peer = socketAddress(c);
  const proxied = c.req.header("x-forwarded-for") !== undefined || c.req.header("forwarded") !== undefined;
  if ((peer !== undefined && !isLoopbackAddress(peer)) || proxied) {
    throw new AppError("notFound", { message: "error.notFound.path" });
  }
  const rows = await c.get("deps").db.select().from(mails).orderBy(desc(mails.id)).limit(100);
  return c.json({
    data: rows.map((m) => ({ to: m.to, subject: m.subject, text: m.text, created_at: m.createdAt })),
  });
});
