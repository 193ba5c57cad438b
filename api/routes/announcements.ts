/**
 * The winners announcement (issue 13): after the final draw, a team publishes on each source's network a reply to
 * the main post naming the winners who entered that source ({WINNERS}, their @handles), from the source's
 * publishing account. The builder keeps the winners publication switched off (can_edit false), so this is where a
 * team announces them.
 *
 * - POST …/contests/:id/winners_announcement { source_id, content } (do_finaldraw): the contest is ended (its final
 *   draw made, else 409 contestNotClosed); content is checked with the source network's own rule for a winners
 *   publication (schemas/contest/sources/<network>.rules.json winners_publication.content), and required; 422
 *   with field paths otherwise.
 * - One announcement per source: the publication is keyed as the scheduler's winners publication (kind and key
 *   winners), so asking again answers the post already out and never publishes twice.
 * - GET …/contests/:id/winners_announcement (view_contests): each source with its winners' handles, the
 *   network's rule for the text and its announcement when out; public_url for the preview's {DRAW_LINK}.
 */
import { Hono } from "hono";
import { mentionOf, type ProviderFacts } from "../../engine/provider";
import { validate } from "../../engine/validation/validate";
import type { AppEnv } from "../context";
import { refuse } from "../errors";
import { requirePermission, teamOf } from "../middleware/guards";
import { followUpMode, tokensOf, winnerEntrants } from "../scheduler/handlers";
import { contestSources } from "../services/contest-sources";
import { validationContextOf } from "../services/contests/form";
import { entrantsOf } from "../services/entrants";
import { contestPublications, fillTokens, publicationShape, publishOnce } from "../services/publications";
import { jsonBody, validationError } from "../validation";
import { contestOfPath, P } from "./lifecycle-common";
import { ID } from "./params";

type ContestRow = Awaited<ReturnType<typeof contestOfPath>>;
type Deps = AppEnv["Variables"]["deps"];

/** Each source's winners (those who entered it), as the post names them (@handles, or names on a Page). */
async function sourceWinners(deps: Deps, row: ContestRow) {
  const all = (await winnerEntrants(deps, row)) ?? [];
  const entered = await entrantsOf(
    deps.db,
    row.id,
    all.map((w) => w.id),
  );
  return (sourceId: string, provider: ProviderFacts | undefined) => {
    const ids = new Set(entered.filter((e) => e.sourceId === sourceId).map((e) => e.id));
    return all
      .filter((w) => ids.has(w.id))
      .map((w) => mentionOf(provider, { screen_name: w.screenName, name: w.name }));
  };
}

function contentRule(deps: Deps, provider: string): string | null {
  const field = deps.catalog.builder.sources
    .get(provider)
    ?.fields.find((f) => f.pattern === "winners_publication.content");
  return field?.config.rule ?? null;
}

async function announcementsOf(deps: Deps, row: ContestRow) {
  const winnersOf = await sourceWinners(deps, row);
  const published = (await contestPublications(deps.db, row.id)).filter((p) => p.kind === "winners");
  return (await contestSources(deps, row)).map((source) => {
    const pub = published.find((p) => p.sourceId === source.stored._id);
    return {
      source_id: source.stored._id,
      provider: source.stored.provider,
      account: source.account ? { name: source.account.name, screen_name: source.account.screen_name } : null,
      post_id: source.stored.post_id ?? null,
      winners: winnersOf(source.stored._id, source.provider),
      // The network's rule for the text (the editor's counter reads its limit from it).
      content_rule: contentRule(deps, source.stored.provider),
      announcement: pub ? publicationShape(pub) : null,
    };
  });
}

export const announcementsRoutes = new Hono<AppEnv>()
  .get(`/contests/${ID}/winners_announcement`, requirePermission(P.viewContests), async (c) => {
    const row = await contestOfPath(c);
    const deps = c.get("deps");
    // public_url: what {DRAW_LINK} becomes (public_url/verify/{id}), for the preview.
    return c.json({
      data: row.status === "ended" ? await announcementsOf(deps, row) : [],
      public_url: deps.env.publicUrl,
    });
  })
  .post(`/contests/${ID}/winners_announcement`, requirePermission(P.doFinalDraw), async (c) => {
    const deps = c.get("deps");
    const { team } = teamOf(c);
    const body = await jsonBody(c);
    const row = await contestOfPath(c);
    if (row.status !== "ended") throw refuse("contestNotClosed");
    const source = (await contestSources(deps, row, { person: true })).find(
      (s) => s.stored._id === body.source_id,
    );
    if (!source) {
      throw validationError(c, { source_id: [{ key: "validation.in", rule: "in" }] });
    }
    const content = body.content;
    if (typeof content !== "string" || content.trim() === "") {
      throw validationError(c, { content: [{ key: "validation.required", rule: "required" }] });
    }
    // The network's own rule for a winners publication, as the builder checks it.
    const form = {
      base: {},
      summary: {},
      sources: [{ type: source.stored.provider, winners_publication: { enabled: true, content } }],
    };
    const ctx = validationContextOf(deps.catalog, team, deps.clock());
    const errors = validate(form, deps.catalog.builder, ctx, {
      kind: "field",
      path: "sources.0.winners_publication.content",
    });
    const found = errors["sources.0.winners_publication.content"];
    if (found && found.length > 0) throw validationError(c, { content: found });
    if (!source.driver || !source.account) throw refuse("contestNotClosed");
    const winners = (await sourceWinners(deps, row))(source.stored._id, source.provider);
    const { mode, inReplyTo } = followUpMode(deps, source, null);
    const pub = await publishOnce(deps, source.driver, {
      contest_id: row.id,
      source_id: source.stored._id,
      kind: "winners",
      key: "winners",
      provider: source.stored.provider,
      mode,
      account: source.account,
      text: fillTokens(content, { ...(await tokensOf(deps, row)), winners: winners.join(", ") }),
      media: [],
      dark: false,
      inReplyTo,
    });
    deps.realtime.toTeam(team.id, { type: "load_contest", contest_id: row.id });
    return c.json(publicationShape(pub), 201);
  });
