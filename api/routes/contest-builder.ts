import { Hono } from "hono";
import type { ContestBase } from "../../codegen/types";
import { defaultsOf } from "../../engine/defaults";
import baseSchema from "../../schemas/contest/base.schema.json";
import type { AppEnv } from "../context";

/** The contest builder's server side. */
export const contestBuilderRoutes = new Hono<AppEnv>().get("/defaults", (c) => {
  const base = defaultsOf<ContestBase>(baseSchema);
  return c.json({ base });
});
