import { defineConfig } from "vite";
import pkg from "./package.json" with { type: "json" };
import { webPlugins } from "./vite.plugins.ts";
import { precompress } from "./vite.precompress.ts";

/** The components and the UI libraries they are made of: every page uses some, so they travel as one chunk. */
const UI_MODULES =
  /node_modules[\\/](@radix-ui|@floating-ui|react-remove-scroll|aria-hidden|use-sidecar|use-callback-ref|react-style-singleton|lucide-react)[\\/]|web[\\/]src[\\/]components[\\/]/;

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: [...webPlugins(), precompress()],
  // The about dialog shows the version and the date of the build (app-shell.md §2).
  define: {
    "import.meta.env.VITE_APP_VERSION": JSON.stringify(pkg.version),
    "import.meta.env.VITE_BUILD_DATE": JSON.stringify(new Date().toISOString()),
  },
  build: {
    outDir: "../dist/web",
    emptyOutDir: true,
    sourcemap: true,
    // Read by the server for the hints it puts in the page (api/page-hints.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // What the entry needs before it can run goes in one chunk, not some forty of 1–4 KB: on a phone's network
        // (HTTP/1.1, six connections, 150 ms a round trip) that many small files cost round trips, not bytes.
        // Likewise the chunks every page fetches next (issue 28, docs/decisions/042): the components and the UI
        // libraries behind them in one, the signed-in layout in another. A contest page fetched 42 files, now 20,
        // and fewer bytes (each small chunk repeated the imports and exports the big one holds once).
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: 2 },
            { name: "ui", test: UI_MODULES, priority: 1 },
            { name: "layout", test: /web[\\/]src[\\/]layout[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, ws: true } },
  },
});
