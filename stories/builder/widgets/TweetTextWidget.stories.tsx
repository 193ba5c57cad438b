import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, waitFor, within } from "storybook/test";
import { TweetTextWidget } from "../../../web/src/builder/widgets/TweetTextWidget";
import { formWith, requiredError, WidgetStory } from "./fixtures";
import { expectDisabled } from "./plays";

const PATH = "sources.0.publication.content";
const source = (content: string) =>
  formWith([{ id: 100, type: "twitter", publication: { content, media: { files: [], count: 0 } } }]);

const meta = {
  title: "Builder/Widgets/TweetText",
  component: WidgetStory,
  args: {
    widget: TweetTextWidget,
    path: PATH,
    label: "Publication text",
    context: { form: source(""), provider: "twitter" },
  },
} satisfies Meta<typeof WidgetStory>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("textbox");
    fireEvent.change(box, { target: { value: "Win a trip! https://example.com/a/long/path 🎉" } });
    await expect(canvas.getByText("38 / 280")).toBeInTheDocument();
  },
};

export const Filled: Story = {
  args: {
    context: {
      form: source("🎁 Giveaway! Follow @fairdraw, retweet and reply with #SummerDraw. Proof: {DRAW_LINK}"),
      provider: "twitter",
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/ \/ 280$/)).toBeInTheDocument();
  },
};

export const OverTheLimit: Story = {
  args: { context: { form: source("x".repeat(300)), provider: "twitter" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("20 characters too many")).toBeInTheDocument();
    await expect(canvas.getByRole("textbox")).toHaveAttribute("aria-invalid", "true");
  },
};

export const Invalid: Story = {
  args: { context: { form: source(""), provider: "twitter", errors: { [PATH]: requiredError } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox")).toHaveAttribute("aria-invalid", "true");
    await expect(canvas.getByText("– Is required.")).toBeInTheDocument();
  },
};

export const Disabled: Story = {
  args: { disabled: true, context: { form: source("Published already"), provider: "twitter" } },
  play: expectDisabled((canvas) => canvas.getByRole("textbox")),
};

export const PlanGated: Story = {
  args: { gated: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("textbox")).toBeDisabled();
    await expect(
      canvas.getByRole("link", { name: "Needs a higher plan: see the plans" }),
    ).toBeInTheDocument();
  },
};

export const PasteAsksForAShortlink: Story = {
  args: { context: { form: source(""), provider: "twitter", createShortlinksOnPaste: "always_ask" } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const box = canvas.getByRole("textbox") as HTMLTextAreaElement;
    fireEvent.paste(box, { clipboardData: { getData: () => "https://shop.example.com/summer" } });
    await fireEvent.click(canvas.getByRole("button", { name: "Use a shortlink" }));
    await waitFor(() => expect(box.value).toBe("https://fdraw.co/k1"));
  },
};
