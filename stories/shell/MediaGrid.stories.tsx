import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect } from "storybook/test";
import { MediaGrid, type MediaItem } from "../../web/src/widgets/MediaGrid";

const colours = ["#4338ca", "#d97706", "#15803d", "#b91c1c", "#0e7490"];
const items: MediaItem[] = colours.map((c, i) => ({
  type: "image",
  alt: `Picture ${i + 1}`,
  url:
    "data:image/svg+xml;utf8," +
    encodeURIComponent(
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 4 3"><rect width="4" height="3" fill="${c}"/></svg>`,
    ),
}));

const meta = {
  title: "Widgets/MediaGrid",
  component: MediaGrid,
  args: { items: items.slice(0, 1) },
  decorators: [(Story) => <div style={{ inlineSize: 360 }}>{Story()}</div>],
} satisfies Meta<typeof MediaGrid>;
export default meta;

type Story = StoryObj<typeof meta>;

const countOf = (el: HTMLElement) => el.querySelector(".media-grid")?.getAttribute("data-count");

export const One: Story = { play: async ({ canvasElement }) => expect(countOf(canvasElement)).toBe("1") };
export const Two: Story = {
  args: { items: items.slice(0, 2) },
  play: async ({ canvasElement }) => expect(countOf(canvasElement)).toBe("2"),
};
export const Three: Story = {
  args: { items: items.slice(0, 3) },
  play: async ({ canvasElement }) => expect(countOf(canvasElement)).toBe("3"),
};
export const Four: Story = {
  args: { items: items.slice(0, 4) },
  play: async ({ canvasElement }) => expect(countOf(canvasElement)).toBe("4"),
};
/** More than four: the first four show. */
export const FiveGiven: Story = {
  args: { items },
  play: async ({ canvasElement }) =>
    expect(canvasElement.querySelectorAll(".media-grid img")).toHaveLength(4),
};
export const WithVideo: Story = {
  args: { items: [items[0] as MediaItem, { type: "video", url: "/clip.mp4" }] },
  play: async ({ canvasElement }) => expect(canvasElement.querySelector("video")).not.toBeNull(),
};
