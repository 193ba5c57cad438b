/**
 * `npm run dev`: the API (tsx watch, restarts on change) on API_PORT (3001) and Vite's dev server with hot
 * reload on PORT (3000), which proxies /api to it. Ctrl-C stops both.
 */
import { spawn } from "node:child_process";

const apiPort = process.env.API_PORT ?? "3001";
const children = [
  spawn("npx", ["tsx", "watch", "--clear-screen=false", "api/main.ts"], {
    stdio: "inherit",
    env: { ...process.env, PORT: apiPort },
  }),
  spawn("npx", ["vite"], { stdio: "inherit", env: { ...process.env, API_PORT: apiPort } }),
];
const stop = () => {
  for (const c of children) c.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const c of children) c.on("exit", (code) => code && stop());
