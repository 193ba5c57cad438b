import pino from "pino";
import type { Env } from "./env";

export type Logger = pino.Logger;

/** drizzle's DrizzleQueryError says `Failed query: <sql>\nparams: <values>`: the values (personal data) stay out. */
function withoutParams(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [^\n]*/g, "\nparams: [not logged]");
}

function errWithoutParams(err: Error): Record<string, unknown> {
  const out = pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  delete out.params;
  if (typeof out.message === "string") out.message = withoutParams(out.message);
  if (typeof out.stack === "string") out.stack = withoutParams(out.stack);
  return out;
}

export function createLogger(env: Pick<Env, "logLevel" | "nodeEnv">): Logger {
  return pino({ level: env.logLevel, base: undefined, serializers: { err: errWithoutParams } });
}
