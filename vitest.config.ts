import { defineConfig } from "vitest/config";
import { webPlugins } from "./vite.plugins.ts";

/**
 * The Bluesky tests that run on the real AT Protocol network (issue 25): their own project, whose global setup
 * starts the network once for the run (tests/setup/atproto.ts). The other files of tests/api/bluesky/ use the
 * stand-in, for what the local network lacks (chat.bsky.* messages, rate-limit headers, failures on demand).
 */
const ON_THE_NETWORK = [
  "tests/api/bluesky/link.test.ts",
  "tests/api/bluesky/contest.test.ts",
  "tests/api/bluesky/publishing.test.ts",
  "tests/api/bluesky/entries.test.ts",
  "tests/api/bluesky/announcement.test.ts",
  "tests/api/bluesky/stream.test.ts",
];

export default defineConfig({
  plugins: webPlugins(),
  test: {
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    // Every process group a test starts must be gone at the end (tests/helpers/processes.ts).
    globalSetup: ["tests/setup/process-groups.ts"],
    // CI runs on a loaded 2-core machine where compiling the schemas or the builder's lazy chunk takes seconds: a
    // limit is there to stop a hung test, not to measure speed (bench/ does that).
    testTimeout: 20_000,
    hookTimeout: 20_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/browser/**", ...ON_THE_NETWORK],
        },
      },
      {
        // The API, lifecycle and scheduler tests again on PostgreSQL (issue 17): one server and one migrated
        // template database per run (tests/setup/postgres.ts), a fresh database per test app. Left out: files that
        // open no database (nothing to learn from a second run), and the dialect tests, which hold their engine by
        // nature: postgres.test.ts and db-open-pg.test.ts (their own servers, run by `unit`), db.test.ts /
        // db-errors.test.ts / db-transaction.test.ts / db-open.test.ts (the SQLite file, its driver's errors and
        // transaction runner; PostgreSQL's counterparts are in the two above), db-drift.test.ts and
        // database-unreachable.test.ts (no database). fuzz.test.ts and
        // permission-matrix.test.ts wrap each of their hundreds of calls in a transaction rolled back on SQLite's one
        // connection, which a pool of PostgreSQL connections cannot do (the routes and guards they call are the
        // ones the other files run here).
        extends: true,
        test: {
          name: "api-pg",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          exclude: [
            "tests/api/postgres.test.ts",
            "tests/api/db.test.ts",
            "tests/api/db-errors.test.ts",
            "tests/api/db-transaction.test.ts",
            "tests/api/db-open.test.ts",
            "tests/api/db-open-pg.test.ts",
            "tests/api/database-unreachable.test.ts",
            "tests/api/db-drift.test.ts",
            "tests/api/database-url.test.ts",
            "tests/api/env.test.ts",
            "tests/api/client-address.test.ts",
            "tests/api/disk-upload-store.test.ts",
            "tests/api/bluesky/secrets.test.ts",
            "tests/api/bluesky/jetstream.test.ts",
            "tests/api/lifecycle/drivers.test.ts",
            "tests/api/fuzz.test.ts",
            "tests/api/permission-matrix.test.ts",
            // Each runs both engines itself (its own PostgreSQL cluster): once, in unit, is enough.
            "tests/api/limit-hits.test.ts",
            "tests/api/realtime-bus.test.ts",
            "tests/api/health.test.ts",
            ...ON_THE_NETWORK,
          ],
          env: { TEST_DB: "postgresql" },
          globalSetup: ["tests/setup/postgres.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "bluesky",
          environment: "node",
          include: ON_THE_NETWORK,
          globalSetup: ["tests/setup/atproto.ts"],
          // Each test makes accounts and waits for the AppView to index them: seconds on a loaded machine.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The same files with the app on PostgreSQL (the network is shared: tests/setup/atproto.ts).
        extends: true,
        test: {
          name: "bluesky-pg",
          environment: "node",
          include: ON_THE_NETWORK,
          env: { TEST_DB: "postgresql" },
          globalSetup: ["tests/setup/atproto.ts", "tests/setup/postgres.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "web",
          environment: "jsdom",
          include: ["tests/**/*.test.tsx"],
          setupFiles: ["tests/setup/web.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          environment: "node",
          include: ["tests/browser/**/*.test.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Polls wait on round trips to the server running in the same process.
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
