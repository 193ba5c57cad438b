/** `npm start`: build the web app if needed, then run the server (migrates and seeds on first run). */
import { buildWebIfNeeded } from "./web-build";

await buildWebIfNeeded();
await import("../api/main");
