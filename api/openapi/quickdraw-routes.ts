import type { RouteDoc } from "./routes";

/** The quickdraw routes, described for the OpenAPI document and the route-coverage test (see routes.ts). */
export const QUICKDRAW_ROUTES: RouteDoc[] = [];
