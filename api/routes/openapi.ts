import { Hono } from "hono";
import type { AppEnv } from "../context";
import { buildOpenApi } from "../openapi/document";
import { ROUTES } from "../openapi/routes";

const documents = new WeakMap<object, Record<string, unknown>>();

/** GET /api/v1/openapi.json: built once per catalogue from the route table and its schemas/ folder. */
export const openapiRoutes = new Hono<AppEnv>().get("/openapi.json", (c) => {
  const { catalog } = c.get("deps");
  let document = documents.get(catalog);
  if (!document) {
    document = buildOpenApi(ROUTES, undefined, catalog.schemasDir);
    documents.set(catalog, document);
  }
  return c.json(document);
});
