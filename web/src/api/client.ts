import { hc } from "hono/client";
import type { AppType } from "../../../api/app";

/** The typed API client: paths, bodies and answers flow from the Hono routes. */
export const api = hc<AppType>("/api/v1", {
  headers: { "X-Requested-With": "XMLHttpRequest" },
});
