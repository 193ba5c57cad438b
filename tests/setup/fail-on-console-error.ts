import { afterEach, vi } from "vitest";

// A console error is a bug the test did not catch: fail the test that produced it (STYLE.md point 8).
const errors: unknown[][] = [];
vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length === 0) return;
  const shown = errors.map((a) => a.map(String).join(" ")).join("\n");
  errors.length = 0;
  throw new Error(`console.error was called during the test:\n${shown}`);
});
