/** The suite's ledger of process groups: a group left running fails the run and is killed. */
import { afterEach, describe, expect, it } from "vitest";
import { groupAlive, spawnGroup, stopGroup } from "../helpers/processes";
import setup from "./process-groups";

const before = process.env.FAIRDRAW_TEST_PGIDS;
afterEach(() => {
  process.env.FAIRDRAW_TEST_PGIDS = before;
});

describe("process groups started by tests", () => {
  it("stopGroup ends the child and its own children", async () => {
    // A shell whose child sleeps: killing the shell alone would leave the sleep behind.
    const child = spawnGroup("sh", ["-c", "sleep 30 & wait"], { stdio: "ignore" });
    const pgid = child.pid ?? 0;
    await new Promise((r) => setTimeout(r, 200));
    expect(groupAlive(pgid)).toBe(true);
    await stopGroup(child);
    expect(groupAlive(pgid)).toBe(false);
  });

  it("the teardown fails the run naming a group that outlived its test, and kills it", async () => {
    const teardown = setup();
    const child = spawnGroup("sh", ["-c", "sleep 30 & wait"], { stdio: "ignore" });
    const pgid = child.pid ?? 0;
    await new Promise((r) => setTimeout(r, 200));
    expect(() => teardown()).toThrow(/outlived their tests[\s\S]*sleep 30/);
    for (let i = 0; i < 50 && groupAlive(pgid); i++) await new Promise((r) => setTimeout(r, 50));
    expect(groupAlive(pgid)).toBe(false);
  });

  it("the teardown passes when every group was stopped", async () => {
    const teardown = setup();
    const child = spawnGroup("sh", ["-c", "sleep 30"], { stdio: "ignore" });
    await stopGroup(child);
    expect(() => teardown()).not.toThrow();
  });
});
