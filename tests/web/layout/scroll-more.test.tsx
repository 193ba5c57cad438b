import { describe, expect, it } from "vitest";
import { scrollMoreOf } from "../../../web/src/layout/useScrollMore";

const row = (scrollLeft: number, scrollWidth = 600, clientWidth = 390) => ({
  scrollLeft,
  scrollWidth,
  clientWidth,
});

describe("a tab row wider than the screen", () => {
  it("says which of its ends hide more tabs", () => {
    expect(scrollMoreOf(row(0))).toBe("end");
    expect(scrollMoreOf(row(100))).toBe("start end");
    expect(scrollMoreOf(row(210))).toBe("start");
  });

  it("measures from its own start in right-to-left, where offsets are negative", () => {
    expect(scrollMoreOf(row(-0))).toBe("end");
    expect(scrollMoreOf(row(-100))).toBe("start end");
    expect(scrollMoreOf(row(-210))).toBe("start");
  });

  it("says nothing when every tab fits", () => {
    expect(scrollMoreOf(row(0, 390, 390))).toBe("");
  });
});
