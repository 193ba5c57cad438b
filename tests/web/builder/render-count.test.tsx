/**
 * A keystroke re-renders the field typed in, not the pane (React's Profiler): typing 10 characters in the contest
 * name draws the name field again for each, the pane's header never, and another field of the pane never.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ProfilerOnRenderCallback } from "react";
import { describe, expect, it } from "vitest";
import { opened, renderBuilder } from "./render";

describe("rendering while typing", () => {
  it("re-renders the field typed in, not the pane", async () => {
    const counts = new Map<string, number>();
    let counting = false;
    const onRender: ProfilerOnRenderCallback = (id) => {
      if (counting) counts.set(id, (counts.get(id) ?? 0) + 1);
    };
    renderBuilder({ onRender });
    await opened();
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: /Basic information/ }));
    const name = screen.getByLabelText("Contest name");
    await user.click(name);
    counting = true;
    await user.type(name, "0123456789");
    counting = false;
    const pane = counts.get("pane:base") ?? 0;
    const field = counts.get("field:base.name") ?? 0;
    const other = counts.get("field:base.nb_winners") ?? 0;
    // The numbers go to bench/RESULTS.md.
    console.info(
      `render counts for 10 characters typed: pane ${pane}, name field ${field}, other field ${other}`,
    );
    expect((name as HTMLInputElement).value).toBe("0123456789");
    expect(pane).toBe(0);
    expect(other).toBe(0);
    expect(field).toBeGreaterThanOrEqual(10);
    expect(field).toBeLessThanOrEqual(20);
  });
});
