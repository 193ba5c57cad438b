/** Team data for the team stories and component tests, in the stored shapes of schemas/stored. */
import type { Account, Invite, Member, Shortlink } from "../../codegen/types";
import { demoUser } from "../../web/src/testing/fixtures";

const allHeld = demoUser.permissions;

/** The default set (schemas/permissions.json): only view_contests and view_templates. */
export const defaultPermissions: Record<string, boolean> = Object.fromEntries(
  Object.keys(allHeld).map((name) => [
    name,
    name === "team.contests.view_contests" || name === "team.templates.view_templates",
  ]),
);

export const ownerMember: Member = {
  _id: demoUser._id,
  name: demoUser.name,
  profile_picture: null,
  pivot: {
    team_id: "team-demo",
    role: "owner",
    created_at: "2026-01-01T00:00:00.000Z",
    permissions: allHeld,
  },
};

export const bobMember: Member = {
  _id: "user-bob",
  name: "Bob Member",
  profile_picture: null,
  pivot: {
    team_id: "team-demo",
    role: "member",
    created_at: "2026-02-01T00:00:00.000Z",
    permissions: { ...defaultPermissions, "team.shortlinks.view_shortlink": true },
  },
};

export const aliceMember: Member = {
  _id: "user-alice",
  name: "Alice Member",
  profile_picture: null,
  pivot: {
    team_id: "team-demo",
    role: "member",
    created_at: "2026-03-01T00:00:00.000Z",
    permissions: { ...defaultPermissions, "team.members.manage_permissions": true },
  },
};

export const members: Member[] = [ownerMember, bobMember, aliceMember];

export const sandboxAccount: Account = {
  _id: "acc-bsky",
  provider: "bluesky",
  external_id: "1000",
  name: "Fairdraw Demo (bluesky)",
  screen_name: "fairdraw.bsky.social",
  profile_picture: null,
  url: "https://bsky.app/profile/fairdraw.bsky.social",
  linked_at: "2026-01-02T00:00:00.000Z",
  nb_contests: 3,
  disabled: false,
  sandbox: true,
  meta: {},
};

export const activeInvite: Invite = {
  _id: "inv-1",
  key: "demo-invite-carol",
  type: "add_member",
  status: "active",
  email: "carol@fairdraw.test",
  meta: {},
  sender: { name: demoUser.name, profile_picture: null },
  receiver: null,
  canceler: null,
  created_at: "2026-05-01T10:00:00.000Z",
  sent_at: "2026-05-01T10:00:00.000Z",
  used_at: null,
  canceled_at: null,
  expires_at: "2026-05-08T10:00:00.000Z",
};

export const expiredInvite: Invite = {
  ...activeInvite,
  _id: "inv-2",
  key: "old-link",
  type: "link_account",
  status: "expired",
  email: null,
  meta: { provider: "bluesky", account: null },
  expires_at: "2026-04-01T10:00:00.000Z",
};

export const shortlink: Shortlink = {
  _id: "sl-1",
  type: "random",
  domain: "fdraw.co",
  key: "aB3xYz",
  url: "https://example.com/summer-giveaway",
  nb_visits: 42,
  nb_uniq_visits: 17,
  created_at: "2026-05-02T09:30:00.000Z",
};

export const customShortlink: Shortlink = {
  ...shortlink,
  _id: "sl-2",
  type: "custom",
  domain: "fdr.aw",
  key: "summer-2026",
  nb_visits: 5,
  nb_uniq_visits: 5,
};
