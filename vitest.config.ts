import { defineConfig } from "vitest/config";
import { webPlugins } from "./vite.plugins.ts";

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
          exclude: ["tests/browser/**"],
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
