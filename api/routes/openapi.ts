import { Hono } from "hono";
import type { AppEnv } from "../context";
import { buildOpenApi } from "../openapi/document";

let document: Record<string, unknown> | undefined;

/** GET /api/v1/openapi.json: built once from the route table and schemas/. */
export const openapiRoutes = new Hono<AppEnv>().get("/openapi.json", (c) => {
  document ??= buildOpenApi();
  return c.json(document);
});
