import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fireEvent, within } from "storybook/test";
import { Avatar, DEFAULT_PROFILE_PICTURE } from "../../web/src/widgets/Avatar";

const PICTURE =
  "data:image/svg+xml;utf8," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="#4338ca"/><text x="16" y="21" font-size="14" text-anchor="middle" fill="#fff">DD</text></svg>',
  );

const meta = {
  title: "Widgets/Avatar",
  component: Avatar,
  args: { src: PICTURE, alt: "Dana Demo", size: 48 },
} satisfies Meta<typeof Avatar>;
export default meta;

type Story = StoryObj<typeof meta>;

export const WithPicture: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img", { name: "Dana Demo" }).getAttribute("src")).toBe(
      PICTURE,
    );
  },
};

export const WithSharpVariants: Story = {
  args: { srcSet2x: `${PICTURE}#2x`, srcSet3x: `${PICTURE}#3x` },
  play: async ({ canvasElement }) => {
    const srcset = within(canvasElement).getByRole("img").getAttribute("srcset") ?? "";
    await expect(srcset).toContain(" 2x");
    await expect(srcset).toContain(" 3x");
  },
};

/** A picture that fails to load falls back to the default profile picture. */
export const Fallback: Story = {
  args: { src: "https://pictures.invalid/missing.png", srcSet2x: "https://pictures.invalid/missing@2x.png" },
  play: async ({ canvasElement }) => {
    const img = within(canvasElement).getByRole("img");
    fireEvent.error(img);
    await expect(img.getAttribute("src")).toBe(DEFAULT_PROFILE_PICTURE);
    await expect(img.getAttribute("srcset")).toBeNull();
  },
};

export const NoPicture: Story = {
  args: { src: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole("img").getAttribute("src")).toBe(DEFAULT_PROFILE_PICTURE);
  },
};
