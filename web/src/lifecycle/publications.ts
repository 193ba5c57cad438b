/**
 * What a contest published and sent (GET /teams/current/contests/{id}/publications, oldest first; the sandbox
 * driver's only trace of it), for the /contest/{id}/publish rehearsal page.
 */
import type { InferResponseType } from "hono/client";
import { api, unwrap } from "../api/client";

const contest = api.teams.current.contests[":id"];

export type Publication = InferResponseType<typeof contest.publications.$get, 200>["data"][number];

export async function fetchPublications(id: string): Promise<Publication[]> {
  return (await unwrap(contest.publications.$get({ param: { id } }))).data;
}
