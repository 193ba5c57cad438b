export const P = {
  viewContests: "team.contests.view_contests",
  createDrafts: "team.contests.create_drafts",
  updateDrafts: "team.contests.update_drafts",
  deleteDrafts: "team.contests.delete_drafts",
  createContests: "team.contests.create_contests",
  updateContests: "team.contests.update_contests",
  deleteContests: "team.contests.delete_contests",
  viewTemplates: "team.templates.view_templates",
  createTemplates: "team.templates.create_templates",
  updateTemplates: "team.templates.update_templates",
  deleteTemplates: "team.templates.delete_templates",
} as const;

export type Kind = "contests" | "templates";
export type Call = "create" | "update";
