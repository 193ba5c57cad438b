import { describe, expect, it } from "vitest";
import { EnvError, readEnv } from "../../api/env";

describe("readEnv", () => {
  it("has the documented defaults", () => {
    const env = readEnv({});
    expect(env).toMatchObject({
      port: 3000,
      databaseUrl: "./data/fairdraw.db",
      uploadDir: "./data/uploads",
      nodeEnv: "development",
      publicUrl: "http://localhost:3000",
    });
  });

  it("refuses a port that is not a whole number in range", () => {
    expect(() => readEnv({ PORT: "http" })).toThrow(EnvError);
    expect(() => readEnv({ PORT: "70000" })).toThrow(/PORT/);
  });

  it("refuses an unknown NODE_ENV or LOG_LEVEL by name", () => {
    expect(() => readEnv({ NODE_ENV: "staging" })).toThrow(/NODE_ENV/);
    expect(() => readEnv({ LOG_LEVEL: "loud" })).toThrow(/LOG_LEVEL/);
  });
});
