import { Validator } from "@seriousme/openapi-schema-validator";
import { afterEach, describe, expect, it } from "vitest";
import { ROUTES } from "../../api/openapi/routes";
import { ID } from "../../api/routes/params";
import { createTestApp, type TestApp } from "../helpers/test-app";

let t: TestApp;
afterEach(() => t.cleanup());

/** The API routes the app really has (method + path), leaving out middleware and the catch-all. */
function appRoutes(app: TestApp["app"]): string[] {
  const seen = new Set<string>();
  for (const r of app.routes) {
    if (
      r.method === "ALL" ||
      !r.path.startsWith("/api/") ||
      r.path.startsWith("/api/dev") ||
      r.path.endsWith("*")
    ) {
      continue;
    }
    // An id registered as a pattern (api/routes/params.ts) is the table's plain `:id`.
    seen.add(`${r.method} ${r.path.replaceAll(ID, ":id")}`);
  }
  return [...seen].sort();
}

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    t = await createTestApp();
    const res = await t.app.request("/api/v1/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every route of the app, and nothing the app does not have", async () => {
    t = await createTestApp();
    const documented = ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    expect(documented).toEqual(appRoutes(t.app));
  });
});
