import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, within } from "storybook/test";
import features from "../../schemas/features.json";
import { TeamExtraFeaturesDialog } from "../../web/src/dialogs/TeamExtraFeaturesDialog";
import { demoUser } from "../../web/src/testing/fixtures";
import { withProviders } from "./providers";

/** The catalogue's features: Business holds them all. */
const FEATURE_NAMES = features.features.map((f) => f.name);

const meta = {
  title: "Team/TeamExtraFeaturesDialog",
  component: TeamExtraFeaturesDialog,
  decorators: [withProviders],
  args: { features: demoUser.currentTeam.features, plan: "business", onClose: fn() },
} satisfies Meta<typeof TeamExtraFeaturesDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Business holds every feature. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(new RegExp(`The Business plan unlocks ${FEATURE_NAMES.length} features`)),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole("link", { name: "Needs a higher plan: see the plans" })).toBeNull();
  },
};

const HOBBYIST = ["testDraws", "exportEntries"];

/** Hobbyist: two features, the rest of the catalogue (schemas/features.json, however many) behind the star. */
export const PlanGated: Story = {
  args: { features: HOBBYIST, plan: "hobbyist" },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("img", { name: "Included" })).toHaveLength(HOBBYIST.length);
    await expect(canvas.getAllByRole("link", { name: "Needs a higher plan: see the plans" })).toHaveLength(
      FEATURE_NAMES.length - HOBBYIST.length,
    );
  },
};
