/** A team as the admin lists answer it. */
export function adminTeam(over: Record<string, unknown> = {}) {
  return {
    _id: "team-brand",
    name: "Brand",
    owner_id: "user-olive",
    plan: "basic",
    quotas: {},
    features: [],
    profile_picture: null,
    is_default: false,
    created_at: "2026-01-01T00:00:00.000Z",
    subscription: null,
    frozen: null,
    meta: {},
    members_count: 2,
    ...over,
  };
}
