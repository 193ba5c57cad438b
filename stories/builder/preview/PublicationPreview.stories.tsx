import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { PublicationPreview } from "../../../web/src/builder/preview";
import { WithProviders } from "../widgets/fixtures";
import { MAIN_TEXT } from "./fixtures";

const picture = "data:image/gif;base64,R0lGODlhAQABAAAAACw=";
const files = (n: number, mime = "image/png") =>
  Array.from({ length: n }, (_, i) => ({ uuid: `story-${n}-${i}`, mime, size: 1 }));

const meta = {
  title: "Builder/Preview/PublicationPreview",
  component: PublicationPreview,
  decorators: [
    (Story) => (
      <WithProviders>
        <div style={{ padding: "1rem" }}>
          <Story />
        </div>
      </WithProviders>
    ),
  ],
  args: {
    provider: "twitter",
    author: { name: "Fairdraw", screen_name: "fairdraw" },
    text: MAIN_TEXT,
    media: [],
    locale: "en",
    date: "2026-07-01T10:00:00.000Z",
    mediaUrl: (uuid: string) => `${picture}#${uuid}`,
  },
} satisfies Meta<typeof PublicationPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const TextOnly: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("#SummerDraw")).toHaveClass("post-hashtag");
  },
};

export const OneMedia: Story = {
  args: { media: files(1) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector(".media-grid")).toHaveAttribute("data-count", "1");
  },
};

export const ThreeMedia: Story = {
  args: { media: files(3) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector(".media-grid")).toHaveAttribute("data-count", "3");
  },
};

export const FourMedia: Story = {
  args: { media: files(5) },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector(".media-grid")).toHaveAttribute("data-count", "4");
  },
};

export const DarkPost: Story = {
  args: { dark: true, author: { name: "Fairdraw Sandbox", screen_name: "fd_sandbox", sandbox: true } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText("Dark post: shown only as an ad, not on the profile")).toBeInTheDocument();
    await expect(canvas.getByText("Sandbox")).toBeInTheDocument();
  },
};

export const InstagramMediaFirst: Story = {
  args: { provider: "instagram", media: files(1), text: "Tag a friend who loves #icecream" },
  play: async ({ canvasElement }) => {
    const post = within(canvasElement).getByRole("article");
    await expect(post.querySelector(".media-grid + .post-text")).not.toBeNull();
  },
};

export const Quote: Story = {
  args: { mode: "quote", text: "Last day! ⏰", quoted: { text: MAIN_TEXT, media: files(2) } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector(".post-quoted .media-grid")).toHaveAttribute("data-count", "2");
  },
};

export const Message: Story = {
  args: { mode: "message", text: "Hi {NAME}, you won! 🎉", media: files(1) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("article", { name: "Private message" })).toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { text: "", date: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText("No text yet.")).toBeInTheDocument();
  },
};
