import { Hono } from "hono";
import type { AppEnv } from "../context";

export const healthRoutes = new Hono<AppEnv>().get("/", (c) => c.json({ status: "ok" as const }));
