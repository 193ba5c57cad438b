import type { RouteDoc } from "./routes";

/** The contests routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const CONTESTS_ROUTES: RouteDoc[] = [];
