/** A signed-in user for component tests and stories: the demo owner of a business team, every permission held. */
import { produce } from "immer";
import type { User } from "../../../codegen/types";
import permissions from "../../../schemas/permissions.json";
import plans from "../../../schemas/plans.json";

function allPermissions(): Record<string, boolean> {
  const names = JSON.stringify(permissions).match(/team\.[a-z_]+\.[a-z_]+/g) ?? [];
  return Object.fromEntries(names.map((n) => [n, true]));
}

function featuresOf(planId: string): string[] {
  const list = (plans as unknown as { plans?: { id: string; features?: string[] }[] }).plans;
  return list?.find((p) => p.id === planId)?.features ?? [];
}

export const demoUser: User = {
  _id: "user-demo",
  name: "Dana Demo",
  email: "demo@fairdraw.test",
  profile_picture: null,
  locale: "en",
  grade: null,
  type: "brand",
  current_team_id: "team-demo",
  currentTeam: {
    _id: "team-demo",
    name: "Demo team",
    owner_id: "user-demo",
    plan: "business",
    quotas: {},
    features: featuresOf("business"),
    profile_picture: null,
    is_default: true,
    created_at: "2026-01-01T00:00:00.000Z",
    subscription: null,
    frozen: null,
    meta: {},
  } as unknown as User["currentTeam"],
  permissions: allPermissions(),
  teams: [
    { _id: "team-demo", name: "Demo team", profile_picture: null, plan: "business", role: "owner" },
    { _id: "team-other", name: "Other team", profile_picture: null, plan: "basic", role: "member" },
  ],
  notifications: { list: [], new_count: 0 },
  retweet_rate: null,
  deleted_at: null,
};

/** The demo user changed by a recipe (immer): `userWith((u) => { u.permissions["team.contests.view_contests"] = false })`. */
export function userWith(recipe: (draft: User) => void): User {
  return produce(demoUser, recipe);
}
