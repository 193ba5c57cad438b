/**
 * Vitest global setup of the `api-pg` project (TEST_DB=postgresql): one PostgreSQL server for the whole run
 * (TEST_DATABASE_URL, or a throwaway cluster: tests/helpers/postgres.ts) and one migrated template database, so
 * each test app gets a fresh database as a copy of it (`CREATE DATABASE … TEMPLATE …` takes milliseconds, where
 * migrating an empty database takes most of a second). Everything is removed at the end of the run.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPostgres } from "../../api/db/pg/client";
import { startTestPostgres } from "../helpers/postgres";

declare module "vitest" {
  export interface ProvidedContext {
    /** The server of the run and its migrated template database (tests/helpers/test-database.ts uses them). */
    postgres: { adminUrl: string; template: string; source: string };
  }
}

async function admin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const server = await startTestPostgres();
  // A name of its own: TEST_DATABASE_URL may be a server other runs use at the same time.
  const template = `fairdraw_template_${randomBytes(4).toString("hex")}`;
  try {
    await admin(server.adminUrl, (c) =>
      c.query(`CREATE DATABASE ${template} TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'`),
    );
    const url = new URL(server.adminUrl);
    url.pathname = `/${template}`;
    const db = await openPostgres(url.toString(), { max: 1 });
    await db.$client.end();
  } catch (err) {
    await server.stop();
    throw err;
  }
  project.provide("postgres", { adminUrl: server.adminUrl, template, source: server.source });
  process.stdout.write(`\nPostgreSQL tests on ${server.source}, template database ${template}\n`);
  return async () => {
    try {
      await admin(server.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
    } finally {
      await server.stop();
    }
  };
}
