import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, within } from "storybook/test";
import "../../web/src/contest/contests.css";
import { detectPost } from "../../web/src/contest/providers";
import { QuickdrawImportDialog } from "../../web/src/dialogs/QuickdrawImportDialog";
import { Providers } from "../../web/src/testing/Providers";

const post = detectPost("https://www.instagram.com/p/C8xYz12AbCd/");
if (!post) throw new Error("the Instagram example link must be read as a post");
const xPost = detectPost("https://x.com/fairdraw/status/1790000000000000000");
if (!xPost) throw new Error("the X example link must be read as a post");

const meta = {
  title: "Contests/QuickdrawImportDialog",
  component: QuickdrawImportDialog,
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  args: {
    post,
    onClose: fn(),
    onImported: fn(),
    submit: fn(async () => ({ contest_id: "c-1" })),
  },
} satisfies Meta<typeof QuickdrawImportDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Instagram: Story = {
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByRole("region", { name: "Post preview" })).toHaveTextContent("Instagram");
    const name = body.getByLabelText("Contest name");
    await userEvent.type(name, "abc");
    await userEvent.click(body.getByRole("button", { name: "Import the post" }));
    await expect(body.getByRole("alert")).toHaveTextContent("Must be at least 4 characters.");
    await expect(args.submit).not.toHaveBeenCalled();
    await userEvent.type(name, "d draw");
    await userEvent.click(body.getByRole("button", { name: "Import the post" }));
    await expect(args.submit).toHaveBeenCalledWith({
      provider: "instagram",
      matched: "https://www.instagram.com/p/C8xYz12AbCd/",
      confirm: true,
      name: "abcd draw",
    });
    await expect(args.onImported).toHaveBeenCalledWith("c-1");
  },
};

export const XWithAuthor: Story = {
  args: { post: xPost, initialName: "Launch week" },
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.getByText("@fairdraw")).toBeInTheDocument();
    await expect(body.getByLabelText("Contest name")).toHaveValue("Launch week");
  },
};

export const TooLongName: Story = {
  args: { initialName: "x".repeat(51) },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole("button", { name: "Import the post" }));
    await expect(body.getByRole("alert")).toHaveTextContent("May not be greater than 50 characters.");
    await expect(args.submit).not.toHaveBeenCalled();
  },
};

/** Plan-gated: the team's plan has no quick draw; the purchase keeps the import's values. */
export const NoImportsLeft: Story = {
  args: { noImports: true, initialName: "Spring draw" },
  play: async ({ canvasElement, args }) => {
    const body = within(canvasElement.ownerDocument.body);
    await expect(body.queryByRole("button", { name: "Import the post" })).toBeNull();
    const buy = body.getByRole("link", { name: "Buy a one-shot quick draw" });
    await expect(buy.getAttribute("href")).toContain("/checkout-session/one-shot/quickdraw?name=Spring+draw");
    await expect(args.submit).not.toHaveBeenCalled();
  },
};
