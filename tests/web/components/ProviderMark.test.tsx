import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ProviderMark, ProviderMarks } from "../../../web/src/components/ProviderMark";
import { PROVIDERS } from "../../../web/src/providers";
import { readProviderMarks } from "../../../web/vite/provider-marks";

describe("ProviderMark", () => {
  it("draws the brand glyph named by the provider definition's ui.icon, labelled by its display name", () => {
    render(<ProviderMark provider="threads" />);
    const mark = screen.getByRole("img", { name: "Threads" });
    const d = mark.querySelector("svg path")?.getAttribute("d");
    expect(d).toBe(readProviderMarks().threads?.path);
  });

  it("gives threads and tiktok different marks (they were both a black T)", () => {
    const { container } = render(<ProviderMarks providers={["threads", "tiktok"]} />);
    const paths = [...container.querySelectorAll("svg path")].map((p) => p.getAttribute("d"));
    expect(paths).toHaveLength(2);
    expect(paths[0]).not.toBe(paths[1]);
  });

  it("falls back to a letter mark when the icon set has no glyph of that name", () => {
    const missing = PROVIDERS.find((p) => !readProviderMarks()[p.ui.icon]);
    expect(missing).toBeDefined();
    if (!missing) return;
    render(<ProviderMark provider={missing.name} />);
    const mark = screen.getByRole("img", { name: missing.display_name });
    expect(mark.querySelector("svg")).toBeNull();
    expect(mark.textContent).toBe(missing.display_name.charAt(0).toUpperCase());
  });

  it("writes the name beside the mark and hides the mark from screen readers then", () => {
    render(<ProviderMark provider="bluesky" withName />);
    expect(screen.getByText("Bluesky")).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
  });

  it("has a glyph for every network a contest can run on", () => {
    const marks = readProviderMarks();
    for (const name of ["facebook", "twitter", "bluesky", "youtube", "instagram", "threads", "tiktok"]) {
      const def = PROVIDERS.find((p) => p.name === name);
      expect(def && marks[def.ui.icon], name).toBeTruthy();
    }
  });
});
