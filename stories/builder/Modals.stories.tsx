/** Every modal of the builder (contest-builder.md §2), each in the state the machine opens it in. */
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import { ApiError } from "../../web/src/api/errors";
import type { BuilderActor } from "../../web/src/builder/context";
import { fixtureConfig, inHours, validForm } from "../../web/src/builder/testing/fixtures";
import { installFakeApi } from "../../web/src/testing/fake-api";
import { userWith } from "../../web/src/testing/fixtures";
import { BuilderStage, EMPTY_LISTS, okCalls, withProviders } from "./stage";

const config = fixtureConfig();
const DRAFT = { kind: "draft", id: "draft-1" } as const;
const valid = () => validForm(config, ["twitter"]);
const send =
  (...events: Parameters<BuilderActor["send"]>[0][]) =>
  (actor: BuilderActor) => {
    for (const event of events) actor.send(event);
  };

const meta = {
  title: "Builder/Modals",
  component: BuilderStage,
  decorators: [withProviders],
  beforeEach: () => installFakeApi(EMPTY_LISTS).restore,
  args: { config, origin: DRAFT, form: valid() },
} satisfies Meta<typeof BuilderStage>;
export default meta;

type Story = StoryObj<typeof meta>;

async function dialog(canvasElement: HTMLElement, name: string | RegExp) {
  return within(canvasElement.ownerDocument.body).findByRole("dialog", { name });
}

export const UpdateContestDates: Story = {
  args: {
    drive: send(
      { type: "GO_TO_PANE", pane: 1 },
      { type: "CHANGE", path: "base.start_date", value: inHours(48) },
    ),
  },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Update the contest dates?");
    await userEvent.click(within(box).getByRole("button", { name: "Update the start date" }));
    await waitFor(() => expect(box).not.toBeInTheDocument());
  },
};

export const DeleteSource: Story = {
  args: { drive: send({ type: "GO_TO_PANE", pane: 2 }, { type: "DELETE_SOURCE", id: 100 }) },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Delete the X (Twitter) source?");
    await userEvent.click(within(box).getByRole("button", { name: "Delete" }));
    await expect(await within(canvasElement).findByText(/No source yet/)).toBeInTheDocument();
  },
};

export const AddSource: Story = {
  args: { drive: send({ type: "OPEN", modal: "addSource" }) },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Add a source");
    await userEvent.click(within(box).getByRole("button", { name: /Instagram/ }));
    await expect(
      await within(canvasElement).findByRole("heading", { name: "Instagram" }),
    ).toBeInTheDocument();
  },
};

/** A network at its maxSourcesLimitCB is offered disabled, with the reason. */
export const AddSourceRefused: Story = {
  args: {
    config: fixtureConfig({ maxSources: { twitter: 1 } }),
    drive: send({ type: "OPEN", modal: "addSource" }),
  },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Add a source");
    await expect(within(box).getByRole("button", { name: /Twitter/ })).toBeDisabled();
    await expect(within(box).getByText("At most 1 source(s) of this network.")).toBeInTheDocument();
  },
};

export const CloseBuilder: Story = {
  args: { drive: send({ type: "CLOSE" }) },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Close the contest builder?");
    await userEvent.click(within(box).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(box).not.toBeInTheDocument());
  },
};

export const BuilderSettings: Story = {
  beforeEach: () => installFakeApi({ ...EMPTY_LISTS, "POST /teams/current": { body: {} } }).restore,
  args: { drive: send({ type: "OPEN", modal: "builderSettings" }) },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Builder settings");
    await userEvent.click(within(box).getByRole("radio", { name: "Always make a shortlink" }));
    await userEvent.click(within(box).getByRole("button", { name: "Save" }));
    await waitFor(() => expect(box).not.toBeInTheDocument());
  },
};

/** Without team.settings.edit_information the setting shows, disabled. */
export const BuilderSettingsDisabled: Story = {
  parameters: {
    user: userWith((u) => {
      u.permissions["team.settings.edit_information"] = false;
    }),
  },
  args: { drive: send({ type: "OPEN", modal: "builderSettings" }) },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Builder settings");
    await expect(within(box).getByRole("radio", { name: "Ask me each time" })).toBeDisabled();
    await expect(within(box).getByRole("button", { name: "Save" })).toBeDisabled();
  },
};

export const ManageShortlinks: Story = {
  beforeEach: () =>
    installFakeApi({
      ...EMPTY_LISTS,
      "GET /teams/current/shortlinks/list": {
        body: {
          data: [
            {
              _id: "s1",
              type: "random",
              domain: "fdr.aw",
              key: "aB3xYz",
              url: "https://example.com/a",
              nb_visits: 3,
              created_at: "2026-01-02T00:00:00Z",
            },
            {
              _id: "s2",
              type: "custom",
              domain: "fdraw.co",
              key: "summer",
              url: "https://example.com/b",
              nb_visits: 0,
              created_at: "2026-01-01T00:00:00Z",
            },
          ],
        },
      },
    }).restore,
  args: { drive: send({ type: "OPEN", modal: "manageShortlinks" }) },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Shortlinks");
    await expect(await within(box).findByText("https://fdr.aw/aB3xYz")).toBeInTheDocument();
    await expect(within(box).getByText("https://fdraw.co/summer")).toBeInTheDocument();
    await expect(within(box).getByLabelText("Link to shorten")).toBeInTheDocument();
  },
};

export const SaveDraftSaving: Story = {
  args: {
    calls: { ...okCalls, saveDraft: () => new Promise(() => undefined) },
    drive: send({ type: "SAVE_DRAFT" }),
  },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Saving the draft");
    await expect(within(box).getByRole("status")).toHaveTextContent("Saving…");
  },
};

export const SaveDraftFailed: Story = {
  args: {
    calls: {
      ...okCalls,
      saveDraft: async () => {
        throw new ApiError(403, {
          error: "draftsQuotaExceeded",
          message: "Your plan allows 1 draft(s).",
          uid: "e-42",
        });
      },
    },
    drive: send({ type: "SAVE_DRAFT" }),
  },
  // A plan key is the shell's upgrade alert (app-shell.md §8), the form back under it.
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Your plan allows 1 draft(s).");
    await expect(within(box).getByRole("button", { name: "See the plans" })).toBeInTheDocument();
    await expect(
      within(canvasElement.ownerDocument.body).queryByRole("dialog", { name: "Saving the draft" }),
    ).not.toBeInTheDocument();
  },
};

export const ExportTemplate: Story = {
  args: {
    calls: { ...okCalls, exportTemplate: fn(okCalls.exportTemplate) },
    drive: send({ type: "EXPORT_TEMPLATE" }),
  },
  play: async ({ canvasElement, args }) => {
    const box = await dialog(canvasElement, "Export as template");
    await expect(within(box).getByText(/Summer giveaway/)).toBeInTheDocument();
    await userEvent.click(within(box).getByRole("button", { name: "Save the template" }));
    await waitFor(() => expect(args.calls?.exportTemplate).toHaveBeenCalled());
  },
};

/** Without a valid name there is no dialog: the name shows its error. */
export const ExportTemplateInvalid: Story = {
  args: {
    form: { ...valid(), base: { ...valid().base, name: "" } },
    drive: send({ type: "GO_TO_PANE", pane: 1 }, { type: "EXPORT_TEMPLATE" }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const field = (await canvas.findByLabelText("Contest name")).closest("[data-path]") as HTMLElement;
    await expect(within(field).getByRole("alert")).toHaveTextContent("– Is required.");
    await expect(canvas.queryByRole("dialog", { name: "Export as template" })).toBeNull();
  },
};

export const CreateContest: Story = {
  args: { drive: send({ type: "SUBMIT" }) },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Create the contest");
    const hold = within(box).getByRole("button", { name: /Create the contest/ });
    await expect(hold).toHaveTextContent("(hold 2.5 seconds)");
    await expect(hold).toHaveAttribute("data-state", "hold");
  },
};

export const CreateContestFailed: Story = {
  args: {
    calls: {
      ...okCalls,
      submitContest: async () => {
        throw new ApiError(422, {
          error: "validation",
          message: "The given data was invalid.",
          errors: { "sources.0.publication.account_id": ["Is not an account linked to this team."] },
        });
      },
    },
    drive: send({ type: "SUBMIT" }, { type: "HOLD_CONFIRMED" }),
  },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Create the contest");
    await expect(await within(box).findByText("Is not an account linked to this team.")).toBeInTheDocument();
    // The refused field by the label the form shows, a link to it.
    await expect(
      within(box).getByRole("link", { name: "X (Twitter): Publishing account" }),
    ).toBeInTheDocument();
    await expect(within(box).getByRole("button", { name: "Try again" })).toBeInTheDocument();
  },
};

/** Without the contestBuilder feature, creation stops at the paid-contest dialog. */
export const CreatePaidContest: Story = {
  args: {
    config: fixtureConfig({ features: [] }),
    form: validForm(fixtureConfig({ features: [] })),
    drive: send({ type: "SUBMIT" }),
  },
  play: async ({ canvasElement }) => {
    const box = await dialog(canvasElement, "Your plan does not include the contest builder");
    await expect(
      within(box).getByRole("button", { name: "Save and pay for this contest" }),
    ).toBeInTheDocument();
    await expect(within(box).getByRole("link", { name: "See the plans" })).toHaveAttribute(
      "href",
      "/team/subscription",
    );
  },
};
