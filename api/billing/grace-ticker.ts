/**
 * The grace periods' end, checked in the server process every scheduler tick while Stripe is configured
 * (grace.ts); never two checks at once, a failing one logged; stopping waits for one under way.
 */
import type { Deps } from "../context";
import { freezeOverdueTeams } from "./grace";

export function startGraceTicker(deps: Deps, every: number): () => Promise<void> {
  if (!deps.env.stripe) return async () => {};
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = freezeOverdueTeams(deps)
      .then(() => undefined)
      .catch((err: unknown) => deps.logger.error({ err }, "billing: grace check failed"))
      .finally(() => {
        running = null;
      });
  }, every);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
