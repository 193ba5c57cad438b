import type { RouteDoc } from "./routes";

/** The uploads routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const UPLOADS_ROUTES: RouteDoc[] = [];
