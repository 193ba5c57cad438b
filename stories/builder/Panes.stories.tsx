import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { BuilderLoading } from "../../web/src/builder/BuilderLoading";
import type { BuilderActor } from "../../web/src/builder/context";
import { fixtureConfig, validForm } from "../../web/src/builder/testing/fixtures";
import { installFakeApi } from "../../web/src/testing/fake-api";
import { userWith } from "../../web/src/testing/fixtures";
import { BuilderStage, EMPTY_LISTS, withProviders } from "./stage";

const config = fixtureConfig();
const DRAFT = { kind: "draft", id: "draft-1" } as const;

const meta = {
  title: "Builder/Panes",
  component: BuilderStage,
  decorators: [withProviders],
  beforeEach: () => installFakeApi(EMPTY_LISTS).restore,
  args: { config },
} satisfies Meta<typeof BuilderStage>;
export default meta;

type Story = StoryObj<typeof meta>;

const go = (pane: number) => (actor: BuilderActor) => actor.send({ type: "GO_TO_PANE", pane });

export const Welcome: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole("heading", { name: "Welcome to the contest builder" }),
    ).toBeInTheDocument();
    await expect(await canvas.findByText("No draft yet.")).toBeInTheDocument();
    await expect(canvas.getByText("Four steps to a contest")).toBeInTheDocument();
    await expect(canvas.getByText("Automatic draw")).toBeInTheDocument();
    await expect(canvas.getByText("New")).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Get started" }));
    await expect(await canvas.findByLabelText("Contest name")).toBeInTheDocument();
  },
};

export const WelcomeWithDraftsAndTemplates: Story = {
  beforeEach: () =>
    installFakeApi({
      ...EMPTY_LISTS,
      "GET /teams/current/contests/list": {
        body: { data: [{ _id: "d1", name: "Spring draft", providers: ["twitter"], status: "draft" }] },
      },
      "GET /teams/current/templates/list": {
        body: { data: [{ _id: "t1", name: "Weekly quiz", providers: ["instagram"], status: "template" }] },
      },
    }).restore,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("button", { name: "Resume Spring draft" })).toBeInTheDocument();
    await expect(await canvas.findByRole("button", { name: "Import Weekly quiz" })).toBeInTheDocument();
  },
};

/** Without the contestBuilder feature: the upgrade notice. */
export const WelcomePlanGated: Story = {
  args: { config: fixtureConfig({ features: [] }) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Your plan does not include the contest builder/)).toBeInTheDocument();
    await expect(canvas.getByRole("link", { name: "See the plans" })).toHaveAttribute(
      "href",
      "/team/subscription",
    );
  },
};

export const BasicInformation: Story = {
  args: { drive: go(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText("Contest name")).toHaveValue("");
    await expect(canvas.getByRole("switch", { name: "Automatic draw" })).not.toBeChecked();
    // The close picker waits for a start date (§4).
    await expect(canvas.getByText("Choose the start date first.")).toBeInTheDocument();
  },
};

export const BasicInformationValid: Story = {
  args: { origin: DRAFT, form: validForm(config), drive: go(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText("Contest name")).toHaveValue("Summer giveaway");
    await userEvent.click(canvas.getByRole("button", { name: "Next" }));
    await expect(await canvas.findByRole("heading", { name: "Sources", level: 3 })).toBeInTheDocument();
    const nav = canvas.getByRole("navigation", { name: "Builder steps" });
    await expect(within(nav).getByRole("button", { name: /Basic information/ })).toHaveAttribute(
      "data-state",
      "VALID",
    );
  },
};

export const BasicInformationInvalid: Story = {
  args: {
    drive: (actor) => {
      actor.send({ type: "GO_TO_PANE", pane: 1 });
      actor.send({ type: "CHANGE", path: "base.name", value: "ab" });
      actor.send({ type: "NEXT" });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = (await canvas.findByLabelText("Contest name")).closest("[data-path]") as HTMLElement;
    await expect(within(name).getByRole("alert")).toHaveTextContent("– Must be at least 4 characters.");
    await expect(canvas.getByRole("heading", { name: "Basic information", level: 3 })).toBeInTheDocument();
  },
};

/** A plan without the draw options: each shows the star to the plans, disabled. */
export const BasicInformationPlanGated: Story = {
  args: { config: fixtureConfig({ plan: "starter", features: ["contestBuilder"] }), drive: go(1) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("switch", { name: "Manual check of the winners" })).toBeDisabled();
    await expect(
      canvas.getAllByRole("link", { name: "Needs a higher plan: see the plans" }).length,
    ).toBeGreaterThan(3);
  },
};

export const Sources: Story = {
  args: { origin: DRAFT, form: validForm(config, ["twitter", "instagram"]), drive: go(2) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText("Win a prize on twitter! Comment to take part."),
    ).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Show the Instagram source" }));
    await expect(await canvas.findByRole("heading", { name: "Instagram" })).toBeInTheDocument();
  },
};

export const SourcesEmpty: Story = {
  args: { drive: go(2) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/No source yet/)).toBeInTheDocument();
    await userEvent.click(canvas.getByRole("button", { name: "Add a source" }));
    await expect(await canvas.findByRole("dialog", { name: "Add a source" })).toBeInTheDocument();
  },
};

export const Summary: Story = {
  args: { origin: DRAFT, form: validForm(config, ["twitter", "instagram"]), drive: go(3) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole("switch", { name: /verified the parameters/ })).toBeChecked();
    await expect(canvas.getByRole("region", { name: "Preview of the publications" })).toBeInTheDocument();
  },
};

export const SummaryInvalid: Story = {
  args: {
    origin: DRAFT,
    form: { ...validForm(config), summary: { parameters_verified: false } },
    drive: (actor) => {
      actor.send({ type: "GO_TO_PANE", pane: 3 });
      actor.send({ type: "SUBMIT" });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = (await canvas.findByRole("switch", { name: /verified the parameters/ })).closest(
      "[data-path]",
    );
    await expect(within(field as HTMLElement).getByRole("alert")).toHaveTextContent("– Is required.");
  },
};

/** The validation side pane: the pane's errors, each a link to its field. */
export const ValidationSidePane: Story = {
  args: {
    drive: (actor) => {
      actor.send({ type: "GO_TO_PANE", pane: 1 });
      actor.send({ type: "NEXT" });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const side = await canvas.findByRole("complementary", { name: "Validation" });
    const link = within(side).getByRole("link", { name: /Contest name/ });
    await userEvent.click(link);
    await waitFor(() => expect(canvas.getByLabelText("Contest name")).toHaveFocus());
  },
};

export const ValidationSidePaneValid: Story = {
  args: {
    origin: DRAFT,
    form: validForm(config),
    drive: (actor) => {
      actor.send({ type: "GO_TO_PANE", pane: 1 });
      actor.send({ type: "NEXT" });
      actor.send({ type: "GO_TO_PANE", pane: 1 });
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const side = await canvas.findByRole("complementary", { name: "Validation" });
    await expect(within(side).getByText("No error found so far.")).toBeInTheDocument();
    await expect(within(side).getByText("Name").closest("li")).toHaveAttribute("data-state", "VALID");
  },
};

/** A member who may not create contests: drafts and templates only. */
export const WithoutCreatePermission: Story = {
  parameters: {
    user: userWith((u) => {
      u.permissions["team.contests.create_contests"] = false;
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/You don't have the permission to create contests/)).toBeInTheDocument();
  },
};

export const Loading: StoryObj<typeof BuilderLoading> = {
  render: () => <BuilderLoading />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("status")).toHaveTextContent("Opening the contest builder…");
  },
};
