/**
 * Every tab of every network's source pane, from the schemas: `SourceTab` takes any provider and tab found under
 * schemas/ (its controls list them), `EveryProviderEveryTab` walks them all, so a network added under schemas/ is
 * in these stories with no change here. One story per network shown today, in valid, invalid and plan-gated states.
 */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import type { BuilderActor } from "../../web/src/builder/context";
import { tabsOf } from "../../web/src/builder/schema/pane-form";
import { FIXTURE_PROVIDERS, fixtureConfig, validForm } from "../../web/src/builder/testing/fixtures";
import { providerOf, registerProvider } from "../../web/src/providers";
import { installFakeApi } from "../../web/src/testing/fake-api";
import { BuilderStage, EMPTY_LISTS, withProviders } from "./stage";

const config = fixtureConfig();
const DRAFT = { kind: "draft", id: "draft-1" } as const;
const ALL_TABS = [...new Set(FIXTURE_PROVIDERS.flatMap((p) => tabsOf(config.sources[p] ?? { fields: {} })))];

type Args = { provider: string; tab?: string; variant: "valid" | "invalid" | "gated" };

/** One source of `provider` on its pane, at `tab`; invalid: checked with an empty text; gated: a starter plan. */
function SourceTab({ provider, variant }: Args) {
  const served = variant === "gated" ? fixtureConfig({ plan: "advanced" }) : config;
  const form = validForm(served, [provider]);
  if (variant === "invalid") {
    const source = form.sources[0] as {
      publication: { content: string; media: unknown; account_id: unknown };
    };
    source.publication.account_id = null;
    source.publication.content = "";
    source.publication.media = { files: [], count: 0 };
  }
  const drive = (actor: BuilderActor) => {
    actor.send({ type: "GO_TO_PANE", pane: 100 });
    if (variant === "invalid") {
      actor.send({ type: "NEXT" });
      actor.send({ type: "GO_TO_PANE", pane: 100 });
    }
  };
  return (
    <BuilderStage key={`${provider}:${variant}`} config={served} origin={DRAFT} form={form} drive={drive} />
  );
}

const meta = {
  title: "Builder/SourceTabs",
  component: SourceTab,
  decorators: [withProviders],
  beforeEach: () => installFakeApi(EMPTY_LISTS).restore,
  args: { provider: "twitter", variant: "valid" },
  argTypes: {
    provider: { control: "select", options: FIXTURE_PROVIDERS },
    tab: { control: "select", options: ALL_TABS },
    variant: { control: "inline-radio", options: ["valid", "invalid", "gated"] },
  },
} satisfies Meta<typeof SourceTab>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Clicks through a network's tabs, checking each shows its fields. */
async function walkTabs(canvasElement: HTMLElement, provider: string) {
  const canvas = within(canvasElement);
  const tabs = tabsOf(config.sources[provider] ?? { fields: {} });
  await waitFor(() => expect(canvas.getAllByRole("tab")).toHaveLength(tabs.length));
  for (const tab of canvas.getAllByRole("tab")) {
    await userEvent.click(tab);
    await expect(tab).toHaveAttribute("aria-selected", "true");
    const panel = canvas.getByRole("tabpanel");
    await expect(panel.querySelectorAll("[data-path]").length).toBeGreaterThan(0);
  }
}

export const SourceTabStory: Story = {
  name: "Source tab",
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const tabs = await canvas.findAllByRole("tab");
    const wanted = tabs.find((t) => t.id === `builder-tab-${args.tab}`) ?? tabs[0];
    if (wanted) await userEvent.click(wanted);
    await expect(canvas.getByRole("tabpanel").querySelectorAll("[data-path]").length).toBeGreaterThan(0);
  },
};

/** Every provider found under schemas/, every tab. */
export const EveryProviderEveryTab: Story = {
  render: () => {
    const form = validForm(config, FIXTURE_PROVIDERS);
    return (
      <BuilderStage
        config={config}
        origin={DRAFT}
        form={form}
        drive={(a) => a.send({ type: "GO_TO_PANE", pane: 100 })}
      />
    );
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const nav = await canvas.findByRole("navigation", { name: "Builder steps" });
    for (const [i, provider] of FIXTURE_PROVIDERS.entries()) {
      await userEvent.click(
        within(nav)
          .getAllByRole("button")
          .find((b) => b.dataset.pane === String(100 + i)) as HTMLElement,
      );
      const tabs = tabsOf(config.sources[provider] ?? { fields: {} });
      await waitFor(() => expect(canvas.getAllByRole("tab")).toHaveLength(tabs.length));
    }
  },
};

const perProvider = (provider: string): Story => ({
  args: { provider },
  play: async ({ canvasElement }) => walkTabs(canvasElement, provider),
});

export const Twitter = perProvider("twitter");
export const Facebook = perProvider("facebook");
export const Instagram = perProvider("instagram");
export const Youtube = perProvider("youtube");
export const Bluesky = perProvider("bluesky");
export const Threads = perProvider("threads");
export const Tiktok = perProvider("tiktok");

export const TwitterInvalid: Story = {
  args: { provider: "twitter", variant: "invalid" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tab = await canvas.findByRole("tab", { name: /Publication/ });
    await waitFor(() => expect(within(tab).getByRole("img")).toHaveAttribute("data-state", "INVALID"));
    const side = canvas.getByRole("complementary", { name: "Validation" });
    await expect(within(side).getByRole("link", { name: /Publishing account/ })).toBeInTheDocument();
  },
};

export const InstagramInvalid: Story = {
  args: { provider: "instagram", variant: "invalid" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const side = await canvas.findByRole("complementary", { name: "Validation" });
    await waitFor(() => expect(within(side).getByRole("link", { name: /^Text/ })).toBeInTheDocument());
    await expect(within(side).getByRole("link", { name: /^Media/ })).toBeInTheDocument();
    // The link moves to the field.
    await userEvent.click(within(side).getByRole("link", { name: /^Text/ }));
    await waitFor(() => expect(canvas.getByLabelText("Text")).toHaveFocus());
  },
};

/** On a plan without private messages to winners, dark posts stay, the message shows a star. */
export const TwitterPlanGated: Story = {
  args: { provider: "twitter", variant: "gated" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("tab", { name: /Others/ }));
    const toggle = canvas.getByRole("switch", { name: "Private message to the winners" });
    await expect(toggle).toBeDisabled();
    const field = toggle.closest("[data-path]") as HTMLElement;
    await expect(
      within(field).getByRole("link", { name: "Needs a higher plan: see the plans" }),
    ).toBeInTheDocument();
    // The message names the plan that has the option.
    await expect(within(field).getByText(/it comes with the \w+ plan\./)).toBeInTheDocument();
  },
};

/** The switches the config locks (can_edit false): disabled, each with why and what happens instead. */
export const TwitterLocked: Story = {
  args: { provider: "twitter" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("tab", { name: /Others/ }));
    const toggle = canvas.getByRole("switch", { name: "Winners publication" });
    await expect(toggle).toBeDisabled();
    const field = toggle.closest("[data-path]") as HTMLElement;
    await expect(
      within(field).getByText(/winners announcement is made from the contest's Drawing page/),
    ).toBeInTheDocument();
  },
};

/** The description under a switch (the field's `__description`, which the switch is described by). */
const noteOf = (toggle: HTMLElement) =>
  toggle.closest("[data-path]")?.querySelector(".builder-description")?.textContent ?? null;

/** X lists at most 100 likers and reads replies 7 days back: each says so beside its switch. */
export const TwitterCapabilities: Story = {
  args: { provider: "twitter" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("tab", { name: /Actions/ }));
    const like = canvas.getByRole("switch", { name: "Like" });
    await expect(noteOf(like)).toBe(
      "X (Twitter) lists only the latest 100: past that, this action is not checked and nobody is removed for it.",
    );
    await expect(like).toHaveAccessibleDescription(/lists only the latest 100/);
    await expect(noteOf(canvas.getByRole("switch", { name: "Comment" }))).toBe(
      "X (Twitter) searches only the last 7 days: entries are read while the contest runs.",
    );
  },
};

/** YouTube has no private messages: the switch says winners are answered in public. */
export const YoutubeNoPrivateMessages: Story = {
  args: { provider: "youtube" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("tab", { name: /Others/ }));
    await expect(noteOf(canvas.getByRole("switch", { name: "Private message to the winners" }))).toBe(
      "YouTube has no private messages for applications: winners are answered in public instead.",
    );
  },
};

/**
 * A network whose API lists no liker (as Instagram and YouTube likes): its like switch is offered as what it is,
 * like the custom action. Bluesky's definition with likes unchecked, for this story only.
 */
export const LikesNotChecked: Story = {
  args: { provider: "bluesky" },
  beforeEach: () => {
    const bluesky = providerOf("bluesky");
    if (!bluesky) throw new Error("no bluesky definition");
    registerProvider({
      ...bluesky,
      capabilities: {
        ...bluesky.capabilities,
        actions: { ...bluesky.capabilities.actions, like: { read: "unchecked" } },
      },
    });
    return () => registerProvider(bluesky);
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole("tab", { name: /Actions/ }));
    await expect(noteOf(canvas.getByRole("switch", { name: "Like" }))).toBe(
      "Not checked: Bluesky does not list who liked a post.",
    );
  },
};
