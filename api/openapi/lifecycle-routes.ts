import type { RouteDoc } from "./routes";

/**
 * The contest lifecycle routes (entries, manual check, draws, results, the public verify API), described for the
 * OpenAPI document and the route-coverage test (see routes.ts).
 */
export const LIFECYCLE_ROUTES: RouteDoc[] = [
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id/load_entries",
    summary:
      "Load the entries of an imported (classic) contest that is started or closed and not drawn (409 " +
      "contestNotLoadable otherwise; tunnel contests load theirs at the close). The first load needs " +
      "{ consent: true } (422 on consent). At most 3000 entries: the first ones are kept and the answer says so " +
      "(truncated, limit, message). The entries are filtered (reason codes per removed entry, the funnel kept " +
      "with the contest), a started contest is closed, loadContest is logged and load_contest pushed. Answers " +
      "{ contest_id, loaded, valid, truncated, limit, funnel }.",
    tag: "entries",
    access: "team",
    permission: "team.contests.load_entries",
    body: "object",
    ok: { status: 200, description: "{ contest_id, loaded, valid, truncated, limit, message?, funnel }" },
    errors: [402, 404, 409, 429],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/:id/entries",
    summary:
      "The contest's entries in load order, 50 a page (?page=, ?per_page= up to 500), ?valid=true|false " +
      "filters. Each entry says whether it is valid, the reasons that removed it, its manual check (with " +
      "profile_opened: whether the signed-in user opened the entrant's profile) and whether it won. Answers { data, meta: { page, per_page, total, valid, invalid, drawable, entries_loaded_at }, funnel }: valid means kept by the filters and not rejected by the manual check (a rejected entry is listed with the removed ones); drawable, the accounts the final draw picks among.",
    tag: "entries",
    access: "team",
    permission: "team.contests.view_contests",
    ok: { status: 200, schema: "stored/entry", list: true },
    errors: [402, 404],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/:id/entries/export",
    summary:
      "The contest's entries as a CSV download (Content-Disposition attachment; cells that would start a " +
      "spreadsheet formula are prefixed with '). Needs the exportEntries feature (403 upgradeToDownloadEntries).",
    tag: "entries",
    access: "team",
    permission: "team.contests.export_entries",
    ok: { status: 200, description: "text/csv" },
    errors: [402, 404],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id/entries/:entrantId/profile",
    summary:
      "The reviewer opens an entrant's profile (no body): records that the signed-in user opened it, for every " +
      "entry of that account (the latest opening replaces the one before, whoever made it), and answers its " +
      "address — the one the network gave, else the provider's profile pattern. The manual check needs it. " +
      "Needs the draw.manualCheck feature (403 planNotSupported); 404 for an unknown entrant; 409 conflict when " +
      "the account has no profile address. Answers { entrant_id, profile_url, opened_at }.",
    tag: "entries",
    access: "team",
    permission: "team.contests.load_entries team.contests.do_finaldraw",
    ok: { status: 200, description: "{ entrant_id, profile_url, opened_at }" },
    errors: [402, 404, 409],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id/entries/:entrantId/check",
    summary:
      "Manual check of an entrant (every entry of that account): { decision: approve | reject, reasons }. " +
      "Approve with no reason, reject with at least one (schemas/manual-check-reasons keys, the contest's own " +
      "list or free text of 3 to 50 characters). The signed-in user must be the last to have opened the " +
      "entrant's profile through POST …/entries/:entrantId/profile (422 on opened_profile otherwise; a body's " +
      "opened_profile is ignored). Needs the draw.manualCheck feature (403 planNotSupported); 404 for an " +
      "unknown entrant, 409 contestAlreadyDrawn once the final draw is made. Rejected entrants are not drawn. " +
      "Answers the entry.",
    tag: "entries",
    access: "team",
    permission: "team.contests.load_entries team.contests.do_finaldraw",
    body: "object",
    ok: { status: 200, schema: "stored/entry" },
    errors: [402, 404, 409],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/:id/publications",
    summary:
      "What the contest published and sent, oldest first: main publications, reminders, closing and winners " +
      "publications, winning-moment replies, private messages, each with its filled text, media, mode, post id " +
      "and status (refused: with the network's reason, refusal; for a sandbox contest, the only place they exist). " +
      "Answers { data }.",
    tag: "entries",
    access: "team",
    permission: "team.contests.view_contests",
    ok: { status: 200, description: "{ data: [publication] }" },
    errors: [402, 404],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/:id/statistics",
    summary:
      "The contest's statistics: entries over time (hourly up to three days, else daily), the filters' funnel " +
      "and counts per source. Needs the contest.statistics feature (403 planNotSupported).",
    tag: "entries",
    access: "team",
    permission: "team.contests.view_contests",
    ok: { status: 200, description: "{ entries, valid, over_time: { unit, buckets }, funnel, per_source }" },
    errors: [402, 404],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id/draws",
    summary:
      "Draw winners over the frozen list of valid, not rejected entrants. { kind: test } needs do_testdraw and " +
      "the testDraws feature (403 upgradeToPerformTestDraws) and loaded entries (409 entriesNotLoaded); it " +
      "reveals nothing of the final draw. { kind: final, consent: true } needs do_finaldraw, consent (422) and a " +
      "closed contest (409 contestNotClosed, contestAlreadyDrawn): it reveals the seed, ends the contest and " +
      "schedules the winners publications and private messages. Answers 201 with the draw.",
    tag: "draws",
    access: "team",
    permission: "team.contests.do_testdraw team.contests.do_finaldraw",
    body: "object",
    ok: {
      status: 201,
      description: "The draw: kind, winners, substitutes, entrants hash, seed (final only).",
    },
    errors: [402, 404, 409],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/:id/draws",
    summary: "The contest's draws, oldest first (the seed only on the final draw). Answers { data }.",
    tag: "draws",
    access: "team",
    permission: "team.contests.view_contests",
    ok: { status: 200, description: "{ data: [draw] }" },
    errors: [402, 404],
  },
  {
    method: "GET",
    path: "/api/v1/verify/:contestId",
    summary:
      "Public, no sign-in: what anyone needs to check a contest's draw — its name and status, the seed " +
      "commitment and when it was made; after the final draw the seed, the frozen entrants list (its first page of " +
      "5 000, entrants_pages) and hash, list_reads (how much of each action's list the networks let us read: " +
      "{ source_id, provider, action, listed, total }, covered by the hash; [] for a list frozen before), the " +
      "winners and substitutes and their counts, and the algorithm (fairdraw-draw-v1). winning_moments, one " +
      "per source with winning moments: { source_id, commitment } from the start (SHA-256 of salt + " +
      "moments, docs/draw.md); once the contest closed also revealed_at, moments, salt, entries (the valid " +
      "entries they were resolved over, in load order: { id, at }; the first page of 5 000, with entries_count, " +
      "entries_pages and entries_hash, SHA-256 of one 'id at' line an entry) and results ({ moment, winner, " +
      "screen_name, name, url, entered_at, frozen, rejected }, winner null when no entry came at or after the " +
      "moment; name and url the winner's display name and profile link; a winner the manual check rejected keeps " +
      "its id, loses its handle, name and link and wins nothing) and frozen (the moments " +
      "whose won reply went out during the run, kept by the close: { moment, winner, entered_at, frozen_at }); " +
      "null before the close. 404 for unknown ids and drafts.",
    tag: "draws",
    access: "public",
    ok: { status: 200 },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/v1/verify/:contestId/entrants/:page",
    summary:
      "Public, no sign-in: page :page (from 1, 5 000 ids a page) of the final draw's entrants list, in its " +
      "canonical order: { page, pages, count, items }. Joined with line breaks, the pages' ids hash to " +
      "entrants_hash (docs/draw.md). 404 before the draw, and for a page past the end.",
    tag: "draws",
    access: "public",
    ok: { status: 200 },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/v1/verify/:contestId/moments/:sourceId/entries/:page",
    summary:
      "Public, no sign-in: page :page (from 1, 5 000 entries a page) of the list a source's winning moments " +
      "were resolved over, in load order: { page, pages, count, items: [{ id, at }] }. One 'id at' line an " +
      "entry, joined with line breaks, hashes to the source's entries_hash (docs/draw.md). 404 before the " +
      "close, for a source without moments, and for a page past the end.",
    tag: "draws",
    access: "public",
    ok: { status: 200 },
    errors: [404],
  },
  {
    method: "GET",
    path: "/api/v1/teams/current/contests/:id/winners_announcement",
    summary:
      "After the final draw (an ended contest; an empty list before), each source with its winners' @handles and " +
      "its winners announcement when it is out. Answers { data: [{ source_id, provider, account, post_id, winners, " +
      "announcement, content_rule }], public_url }.",
    tag: "draws",
    access: "team",
    permission: "team.contests.view_contests",
    ok: {
      status: 200,
      description: "{ data: [{ source_id, provider, account, post_id, winners, announcement }] }",
    },
    errors: [402, 404],
  },
  {
    method: "POST",
    path: "/api/v1/teams/current/contests/:id/winners_announcement",
    summary:
      "Publishes the winners announcement of one source of an ended contest ({ source_id, content }): a reply to " +
      "the main post from the source's account, {WINNERS} the @handles of the winners who entered that source. " +
      "The content follows the network's rule for a winners publication (422 with field paths); one " +
      "announcement per source (asked again, the post already out is answered). 409 contestNotClosed before the " +
      "final draw.",
    tag: "draws",
    access: "team",
    permission: "team.contests.do_finaldraw",
    body: "object",
    ok: { status: 201, description: "the publication (as GET …/publications lists them)" },
    errors: [402, 404, 409, 422],
  },
];
