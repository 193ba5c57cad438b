import type { RouteDoc } from "./routes";

/** The shortlinks routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const SHORTLINKS_ROUTES: RouteDoc[] = [];
