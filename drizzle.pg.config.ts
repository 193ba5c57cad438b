import { defineConfig } from "drizzle-kit";

/** The PostgreSQL dialect (api/db/pg/schema.ts); drizzle.config.ts is SQLite's. `npm run db:generate` runs both. */
export default defineConfig({
  dialect: "postgresql",
  schema: "./api/db/pg/schema.ts",
  out: "./api/db/pg/migrations",
});
