import { defineConfig } from "vite";
import { webPlugins } from "./vite.plugins.ts";

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  root: "web",
  publicDir: "public",
  plugins: webPlugins(),
  build: { outDir: "../dist/web", emptyOutDir: true, sourcemap: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    strictPort: true,
    proxy: { "/api": { target: `http://127.0.0.1:${apiPort}`, ws: true } },
  },
});
