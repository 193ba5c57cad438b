/** `npm start` / `npm run dev:api`: the Fairdraw server. */
import { DEMO_EMAIL } from "./db/seed";
import { EnvError, readEnv } from "./env";
import { startServer } from "./server";

try {
  const env = readEnv();
  const server = await startServer(env);
  const lines = [
    "",
    `  Fairdraw is running at ${server.url}`,
    server.seeded ? "  A demo team was created (first run)." : "",
    server.devMailbox
      ? `  Sign in as ${DEMO_EMAIL}: the 6-digit code is in the dev mailbox (${server.url}/api/dev/mailbox, this machine only).`
      : "  Sign-in codes are sent by e-mail through SMTP (SMTP_URL); there is no dev mailbox in production.",
    "",
  ].filter((l, i, all) => l !== "" || i === 0 || i === all.length - 1);
  process.stdout.write(`${lines.join("\n")}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
} catch (err) {
  if (err instanceof EnvError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(1);
  }
  throw err;
}
