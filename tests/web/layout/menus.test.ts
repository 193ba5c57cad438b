import { describe, expect, it } from "vitest";
import { BOTTOM_BAR, CONTESTS_MENU, contestMenu, isCurrent, MAIN_MENU } from "../../../web/src/layout/menus";

const current = (pathname: string, items: { to: string; end?: boolean }[]) =>
  items.filter((item) => isCurrent(pathname, item)).map((item) => item.to);

describe("the current page in the menus", () => {
  it("marks the same page with or without a trailing slash", () => {
    for (const path of ["/contests", "/contests/"]) {
      expect(current(path, MAIN_MENU)).toEqual(["/contests/"]);
      expect(current(path, CONTESTS_MENU)).toEqual(["/contests/"]);
      expect(current(path, BOTTOM_BAR)).toEqual(["/contests/"]);
    }
    expect(current("/team", MAIN_MENU)).toEqual(["/team/"]);
    expect(current("/contest/c1", contestMenu("c1", false))).toEqual(["/contest/c1/"]);
  });

  it("marks a section for the pages under it, but an end item only for itself", () => {
    expect(current("/contests/create", MAIN_MENU)).toEqual(["/contests/"]);
    expect(current("/contests/create/", CONTESTS_MENU)).toEqual(["/contests/create"]);
    expect(current("/contest/c1/entries", contestMenu("c1", false))).toEqual(["/contest/c1/entries"]);
    expect(current("/team/accounts", MAIN_MENU)).toEqual(["/team/"]);
    expect(current("/", MAIN_MENU)).toEqual(["/"]);
    expect(current("/dashboard", MAIN_MENU)).toEqual([]);
  });
});
