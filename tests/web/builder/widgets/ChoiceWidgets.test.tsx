import { fireEvent, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { formWith, makeContext } from "../../../../stories/builder/widgets/fixtures";
import { AccountWidget } from "../../../../web/src/builder/widgets/AccountWidget";
import { HiddenWidget } from "../../../../web/src/builder/widgets/HiddenWidget";
import { NumberWidget } from "../../../../web/src/builder/widgets/NumberWidget";
import { ReactionsWidget } from "../../../../web/src/builder/widgets/ReactionsWidget";
import { RetweetRateGaugeWidget } from "../../../../web/src/builder/widgets/RetweetRateGaugeWidget";
import { SelectWidget } from "../../../../web/src/builder/widgets/SelectWidget";
import { ToggleWidget } from "../../../../web/src/builder/widgets/ToggleWidget";
import { activateLocale } from "../../../../web/src/i18n/activate";
import { renderWidget, valueAt } from "./render";

beforeAll(() => activateLocale("en"));

const twitterSource = (extra: Record<string, unknown> = {}) =>
  formWith([{ id: 100, type: "twitter", ...extra }]);

describe("RetweetRateGaugeWidget", () => {
  function setup(value?: number, disabled = false) {
    const ctx = makeContext({
      form: twitterSource({ check_retweet_rate: { enabled: true, max_percent_contests: value } }),
      provider: "twitter",
    });
    renderWidget({
      widget: RetweetRateGaugeWidget,
      ctx,
      path: "sources.0.check_retweet_rate.max_percent_contests",
      label: "Retweet rate",
      disabled,
    });
    return { ctx, slider: screen.getByRole("slider", { name: "Retweet rate" }) };
  }

  it("starts at 50, the recommended level, and says so", () => {
    const { slider } = setup();
    expect(slider.getAttribute("aria-valuenow")).toBe("50");
    expect(slider.getAttribute("aria-valuetext")).toBe("50 %, Recommended");
    expect(slider.getAttribute("aria-valuemin")).toBe("10");
    expect(slider.getAttribute("aria-valuemax")).toBe("99");
  });

  it("moves by 1 with the arrows and by 10 with Page Up and Page Down", () => {
    const { ctx, slider } = setup(50);
    fireEvent.keyDown(slider, { key: "ArrowRight" });
    expect(slider.getAttribute("aria-valuenow")).toBe("51");
    expect(slider.getAttribute("aria-valuetext")).toBe("51 %, Tolerant");
    fireEvent.keyDown(slider, { key: "ArrowDown" });
    fireEvent.keyDown(slider, { key: "PageUp" });
    expect(slider.getAttribute("aria-valuenow")).toBe("60");
    fireEvent.keyDown(slider, { key: "PageDown" });
    fireEvent.keyDown(slider, { key: "PageDown" });
    expect(slider.getAttribute("aria-valuenow")).toBe("40");
    expect(ctx.form.sources[0]?.check_retweet_rate).toEqual({ enabled: true, max_percent_contests: 40 });
  });

  it("never goes below 10 nor above 99", () => {
    const { slider } = setup(12);
    fireEvent.keyDown(slider, { key: "PageDown" });
    expect(slider.getAttribute("aria-valuenow")).toBe("10");
    expect(slider.getAttribute("aria-valuetext")).toBe("10 %, Very strict");
    fireEvent.keyDown(slider, { key: "ArrowLeft" });
    expect(slider.getAttribute("aria-valuenow")).toBe("10");
    fireEvent.keyDown(slider, { key: "End" });
    expect(slider.getAttribute("aria-valuenow")).toBe("99");
    fireEvent.keyDown(slider, { key: "ArrowUp" });
    expect(slider.getAttribute("aria-valuenow")).toBe("99");
    fireEvent.keyDown(slider, { key: "Home" });
    expect(slider.getAttribute("aria-valuenow")).toBe("10");
  });

  it("shows a stored value under the floor at the floor", () => {
    const { slider } = setup(3);
    expect(slider.getAttribute("aria-valuenow")).toBe("10");
  });

  it("names each level of the gauge: 10, 30, 50, 51, 60, 80", () => {
    const { slider } = setup(29);
    const names: string[] = [];
    for (const target of [29, 30, 50, 51, 60, 80]) {
      while (Number(slider.getAttribute("aria-valuenow")) < target)
        fireEvent.keyDown(slider, { key: "ArrowUp" });
      names.push(slider.getAttribute("aria-valuetext") ?? "");
    }
    expect(names).toEqual([
      "29 %, Very strict",
      "30 %, Strict",
      "50 %, Recommended",
      "51 %, Tolerant",
      "60 %, Very tolerant",
      "80 %, Minimal",
    ]);
  });

  it("ignores the keyboard and leaves the tab order while disabled", () => {
    const { slider } = setup(50, true);
    fireEvent.keyDown(slider, { key: "ArrowUp" });
    expect(slider.getAttribute("aria-valuenow")).toBe("50");
    expect(slider.getAttribute("tabindex")).toBe("-1");
    expect(slider.getAttribute("aria-disabled")).toBe("true");
  });
});

describe("ReactionsWidget", () => {
  const schema = {
    type: "array" as const,
    items: { type: "string" as const, enum: ["like", "love", "wow", "haha", "sad", "angry"] },
  };

  it("offers the schema's six reactions and keeps their order when one is turned back on", () => {
    const ctx = makeContext({
      form: formWith([
        {
          id: 100,
          type: "facebook",
          actions: {
            react: { enabled: true, accept: { list: ["like", "love", "wow", "haha", "sad", "angry"] } },
          },
        },
      ]),
      provider: "facebook",
    });
    renderWidget({
      widget: ReactionsWidget,
      ctx,
      path: "sources.0.actions.react.accept.list",
      label: "Reactions",
      schema,
    });
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes.map((b) => b.closest("label")?.textContent)).toEqual([
      "Like",
      "Love",
      "Wow",
      "Haha",
      "Sad",
      "Angry",
    ]);
    // Each reaction's mark is an SVG icon, not an emoji that needs a font.
    expect(boxes.every((b) => b.closest("label")?.querySelector("svg"))).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: "Like" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Sad" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Like" }));
    expect(valueAt(ctx, "sources.0.actions.react.accept.list")).toEqual([
      "like",
      "love",
      "wow",
      "haha",
      "angry",
    ]);
    expect(screen.getByRole("group", { name: "Reactions" })).toBeTruthy();
  });
});

describe("ToggleWidget", () => {
  it("is a labelled switch that Space turns on", () => {
    const ctx = makeContext({ form: formWith([], { manual_check: { enabled: false, list: [] } }) });
    renderWidget({
      widget: ToggleWidget,
      ctx,
      path: "base.manual_check.enabled",
      label: "Manual check",
      schema: { type: "boolean" },
    });
    const toggle = screen.getByRole("switch", { name: "Manual check" });
    fireEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(ctx.form.base.manual_check).toEqual({ enabled: true, list: [] });
  });

  it("sets dark for the lost winning-moment reply along with the won one", () => {
    const ctx = makeContext({
      form: twitterSource({
        winning_moments: { won_publication: { dark: false }, lost_publication: { dark: false } },
      }),
      provider: "twitter",
    });
    renderWidget({
      widget: ToggleWidget,
      ctx,
      path: "sources.0.winning_moments.won_publication.dark",
      label: "Dark posts",
      schema: { type: "boolean" },
    });
    fireEvent.click(screen.getByRole("switch", { name: "Dark posts" }));
    expect(ctx.calls.changes).toEqual([
      { path: "sources.0.winning_moments.lost_publication.dark", value: true },
    ]);
  });

  it("is disabled when the config says the field cannot be edited", () => {
    const ctx = makeContext({ form: twitterSource({ anti_bots: { enabled: true } }), provider: "twitter" });
    renderWidget({
      widget: ToggleWidget,
      ctx,
      path: "sources.0.anti_bots.enabled",
      label: "Anti-bots",
      schema: { type: "boolean" },
    });
    expect((screen.getByRole("switch", { name: "Anti-bots" }) as HTMLInputElement).disabled).toBe(true);
  });
});

describe("NumberWidget", () => {
  it("takes its bounds from the rule and hands a number, or nothing when emptied", () => {
    const ctx = makeContext({
      form: formWith([], { exclude_previous_winners: { enabled: true, nb_months: 3 } }),
    });
    renderWidget({
      widget: NumberWidget,
      ctx,
      path: "base.exclude_previous_winners.nb_months",
      label: "Months",
    });
    const input = screen.getByRole("spinbutton") as HTMLInputElement;
    expect([input.min, input.max]).toEqual(["1", "12"]);
    fireEvent.change(input, { target: { value: "7" } });
    expect(ctx.form.base.exclude_previous_winners).toEqual({ enabled: true, nb_months: 7 });
    fireEvent.change(input, { target: { value: "" } });
    expect(ctx.form.base.exclude_previous_winners).toEqual({ enabled: true, nb_months: undefined });
  });
});

describe("SelectWidget", () => {
  it("offers the rule's choices by their labels, with an empty choice first", () => {
    const ctx = makeContext({
      form: twitterSource({ actions: { comment: { accept: null } } }),
      provider: "twitter",
    });
    renderWidget({ widget: SelectWidget, ctx, path: "sources.0.actions.comment.accept", label: "Accept" });
    const select = screen.getByRole("combobox") as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      "Choose…",
      "Replies and quotes",
      "Quotes only",
      "Replies only",
    ]);
    fireEvent.change(select, { target: { value: "only_quotes" } });
    expect(valueAt(ctx, "sources.0.actions.comment.accept")).toBe("only_quotes");
    fireEvent.change(select, { target: { value: "" } });
    expect(valueAt(ctx, "sources.0.actions.comment.accept")).toBeNull();
  });
});

describe("AccountWidget", () => {
  it("lists the team's accounts of the source's network, a sandbox one marked as such", () => {
    const ctx = makeContext({
      form: twitterSource({ publication: { account_id: null } }),
      provider: "twitter",
    });
    renderWidget({ widget: AccountWidget, ctx, path: "sources.0.publication.account_id", label: "Account" });
    const select = screen.getByRole("combobox") as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual([
      "Choose an account…",
      "Fairdraw (@fairdraw)",
      "Fairdraw Sandbox (@fd_sandbox) — sandbox",
    ]);
    fireEvent.change(select, { target: { value: "1002" } });
    expect(valueAt(ctx, "sources.0.publication.account_id")).toBe(1002);
    expect(screen.getByText("Sandbox")).toBeTruthy();
  });

  it("offers to link an account when the team has none of that network", () => {
    const ctx = makeContext({ form: formWith([{ id: 100, type: "tiktok" }]), provider: "tiktok" });
    renderWidget({ widget: AccountWidget, ctx, path: "sources.0.publication.account_id", label: "Account" });
    expect(screen.getByText("No TikTok account is linked to the team.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Link an account" }).getAttribute("href")).toBe("/team/accounts");
  });
});

describe("HiddenWidget", () => {
  it("keeps the value out of sight", () => {
    const ctx = makeContext();
    const { container } = renderWidget({ widget: HiddenWidget, ctx, path: "base.type", label: "Type" });
    const input = container.querySelector('input[type="hidden"]') as HTMLInputElement;
    expect(input.value).toBe("tunnel");
  });
});
