import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../web/src/i18n/activate";
import { DrawResult, type DrawResultData } from "../../../web/src/lifecycle/DrawResult";

beforeAll(() => activateLocale("en"));

const draw: DrawResultData = {
  kind: "final",
  test_index: null,
  winners: ["twitter:1"],
  substitutes: ["twitter:2"],
  entrants_count: 2,
  entrants_hash: "h",
  seed_commitment: "c",
  seed: "s",
  created_at: "2026-01-01T12:00:00Z",
  created_by: null,
};

const levelOf = (name: string) => Number(screen.getByRole("heading", { name }).tagName.slice(1));

describe("a draw's result", () => {
  it("titles its winners and substitutes one level under its own heading", () => {
    render(
      <I18nProvider i18n={i18n}>
        <DrawResult draw={draw} headingLevel={2} />
      </I18nProvider>,
    );
    expect(levelOf("Final draw")).toBe(2);
    expect(levelOf("Winners")).toBe(3);
    expect(levelOf("Substitutes, in order")).toBe(3);
  });

  it("untitled, titles them one level under the section's heading (h2 around it: h3), skipping none", () => {
    render(
      <I18nProvider i18n={i18n}>
        <section>
          <h2>Final draw</h2>
          <DrawResult draw={draw} titled={false} />
        </section>
      </I18nProvider>,
    );
    expect(levelOf("Winners")).toBe(3);
    expect(levelOf("Substitutes, in order")).toBe(3);
  });
});
