/**
 * The team's contests (app-shell.md §2 /contests/): a tab per status (every contest, drafts, planned, started,
 * closed, ended, canceled, and templates for those who may see them), pages of 20, a row per contest (name, type,
 * status, networks, dates, entries, sandbox label). "All" lists drafts too. A name is a link to the contest's page
 * (one click, or a new tab); a plain click on a draft's resumes it in the builder; a template opens in the builder. The filter and the page live in the address
 * (?status=&page=), so a reload or a shared link shows the same list. Reloads when the server pushes a change.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { Eye } from "lucide-react";
import { type MouseEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useBuilder } from "../builder/BuilderHost";
import { DataTable } from "../components/DataTable";
import { Illustration } from "../components/Illustration";
import { Pagination } from "../components/Pagination";
import { ProviderMarks } from "../components/ProviderMark";
import { Skeleton } from "../components/Skeleton";
import { ContestPreviewDialog } from "../dialogs/ContestPreviewDialog";
import { useDialogs } from "../dialogs/DialogHost";
import { WelcomeToContestPreviewDialog } from "../dialogs/WelcomeToContestPreviewDialog";
import { useContestUpdates } from "../realtime/RealtimeProvider";
import { hasSeen } from "../session/seen";
import { useSession } from "../session/session";
import { fetchContestList, fetchTemplateList, type ListPage, type ListStatus } from "./api";
import { ContestStatusBadge, ContestTypeBadge, SandboxLabel } from "./badges";
import { duplicateOrigin, isDuplicable } from "./lifecycle";
import { type ContestListEntry, contestPath } from "./types";

export type ListFilter = "all" | ListStatus | "template";

export const FILTERS: { id: ListFilter; label: MessageDescriptor }[] = [
  { id: "all", label: msg`All` },
  { id: "draft", label: msg`Drafts` },
  { id: "planned", label: msg`Planned` },
  { id: "started", label: msg`Started` },
  { id: "closed", label: msg`Closed` },
  { id: "ended", label: msg`Ended` },
  { id: "canceled", label: msg`Canceled` },
  { id: "template", label: msg`Templates` },
];

export const PER_PAGE = 20;

function filterOf(value: string | null, templates: boolean): ListFilter {
  const found = FILTERS.find((f) => f.id === value)?.id ?? "all";
  return found === "template" && !templates ? "all" : found;
}

function pageOf(value: string | null): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

/** What "All" asks for: every status, drafts included (the API leaves drafts out when asked for none). */
const EVERY_STATUS: readonly ListStatus[] = FILTERS.flatMap((f) =>
  f.id === "all" || f.id === "template" ? [] : [f.id],
);

export function loadList(filter: ListFilter, page: number): Promise<ListPage> {
  if (filter === "template") return fetchTemplateList(page, PER_PAGE);
  return fetchContestList(filter === "all" ? EVERY_STATUS : [filter], page, PER_PAGE);
}

/** A click the browser should handle itself: a new tab or window, a download (a modifier or another button). */
function opensElsewhere(e: MouseEvent<HTMLAnchorElement>): boolean {
  return e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;
}

/** The table of one page of contests; `onOpen` is called with the row's contest, `onDuplicate` (when given) too. */
export function ContestTable({
  entries,
  onOpen,
  onPreview,
  onDuplicate,
}: {
  entries: readonly ContestListEntry[];
  onOpen(entry: ContestListEntry): void;
  /** The contest preview (app-shell.md §2), from a small button beside a contest's name. */
  onPreview?(entry: ContestListEntry): void;
  onDuplicate?(entry: ContestListEntry): void;
}) {
  const { t, i18n } = useLingui();
  const date = (iso: string | null) =>
    iso ? i18n.date(new Date(iso), { dateStyle: "medium", timeStyle: "short" }) : "—";
  return (
    <div className="table-scroll">
      <DataTable
        className="contest-table"
        caption={t`Contests`}
        columns={[
          t`Name`,
          t`Type`,
          t`Status`,
          t`Networks`,
          t`Starts`,
          t`Closes`,
          t`Entries`,
          ...(onDuplicate ? [t`Actions`] : []),
        ]}
      >
        {entries.map((c) => (
          <tr key={c._id} data-contest={c._id}>
            <th scope="row">
              {c.status === "template" ? (
                <button type="button" className="link-button" onClick={() => onOpen(c)}>
                  {c.name || t`Untitled contest`}
                </button>
              ) : (
                <Link
                  to={contestPath(c._id)}
                  className="contest-name-link"
                  onClick={(e) => {
                    if (opensElsewhere(e) || c.status !== "draft") return;
                    e.preventDefault();
                    onOpen(c);
                  }}
                >
                  {c.name || t`Untitled contest`}
                </Link>
              )}{" "}
              {onPreview && c.status !== "draft" && c.status !== "template" && (
                <button
                  type="button"
                  className="icon-button contest-preview-button"
                  aria-label={t`Preview ${c.name || t`Untitled contest`}`}
                  title={t`Preview`}
                  onClick={() => onPreview(c)}
                >
                  <Eye size={16} aria-hidden="true" />
                </button>
              )}
              {c.sandbox && <SandboxLabel />}
            </th>
            <td>
              <ContestTypeBadge type={c.type} />
            </td>
            <td>
              <ContestStatusBadge status={c.status} />
            </td>
            {/* No network yet (a draft): a dash like the dates beside it, not an empty line on a phone's card. */}
            <td>{c.providers.length > 0 ? <ProviderMarks providers={c.providers} /> : "—"}</td>
            <td>{date(c.start_at)}</td>
            <td>{date(c.close_at)}</td>
            <td>{c.entries_count.toLocaleString(i18n.locale)}</td>
            {onDuplicate && (
              <td>
                {isDuplicable(c) && (
                  <button
                    type="button"
                    className="button small"
                    aria-label={t`Duplicate ${c.name || t`Untitled contest`}`}
                    onClick={() => onDuplicate(c)}
                  >
                    <Trans>Duplicate</Trans>
                  </button>
                )}
              </td>
            )}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** Empty-list texts by filter. */
const EMPTY: Record<ListFilter, MessageDescriptor> = {
  all: msg`No contest yet. Create one, or import a post with a quick draw.`,
  draft: msg`No draft.`,
  planned: msg`No planned contest.`,
  started: msg`No contest is running.`,
  closed: msg`No closed contest.`,
  ended: msg`No ended contest.`,
  canceled: msg`No canceled contest.`,
  template: msg`No template.`,
};

export function ContestsList({
  load = loadList,
  basePath = "/contests/",
}: {
  /** Replaces the API calls in stories. */
  load?: typeof loadList;
  /** Where the tabs and pages point (the list also shows under /contests/create). */
  basePath?: string;
}) {
  const { t, i18n } = useLingui();
  const session = useSession();
  const userId = session.user?._id ?? "";
  const builder = useBuilder();
  const dialogs = useDialogs();
  const [params] = useSearchParams();
  const withTemplates = session.can("team.templates.view_templates");
  const mayDuplicate = session.can("team.contests.create_drafts team.contests.create_contests");
  const filter = filterOf(params.get("status"), withTemplates);
  const page = pageOf(params.get("page"));
  const [state, setState] = useState<
    { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; list: ListPage }
  >({ kind: "loading" });
  const asked = useRef("");

  const reload = useCallback(async () => {
    const key = `${filter}:${page}`;
    asked.current = key;
    try {
      const list = await load(filter, page);
      if (asked.current === key) setState({ kind: "ready", list });
    } catch (err) {
      if (asked.current === key) {
        setState({ kind: "error", message: err instanceof Error ? err.message : String(err) });
      }
    }
  }, [filter, page, load]);

  useEffect(() => {
    setState({ kind: "loading" });
    void reload();
  }, [reload]);
  useContestUpdates(null, () => void reload());

  const hrefOf = (f: ListFilter, p = 1) => {
    const q = new URLSearchParams();
    if (f !== "all") q.set("status", f);
    if (p > 1) q.set("page", String(p));
    const s = q.toString();
    return s ? `${basePath}?${s}` : basePath;
  };

  // A contest's name is a plain link; a draft and a template open in the builder.
  const open = (entry: ContestListEntry) => {
    if (entry.status === "draft") {
      builder.open({ kind: "draft", id: entry._id, paid_contest: entry.paid_contest === true });
    } else if (entry.status === "template") builder.open({ kind: "template", id: entry._id });
  };
  // The preview, after a word of welcome the first time only (skippable).
  const preview = (entry: ContestListEntry) => {
    const show = () =>
      dialogs.open((close) => <ContestPreviewDialog contestId={entry._id} onClose={close} />);
    if (hasSeen("contestPreviewWelcome", userId)) show();
    else dialogs.open((close) => <WelcomeToContestPreviewDialog onClose={close} onContinue={show} />);
  };

  return (
    <section className="contests-list" aria-label={t`Contests list`}>
      <nav className="status-tabs" aria-label={t`Filter by status`}>
        {FILTERS.filter((f) => f.id !== "template" || withTemplates).map((f) => (
          <Link key={f.id} to={hrefOf(f.id)} aria-current={f.id === filter ? "page" : undefined}>
            {i18n._(f.label)}
          </Link>
        ))}
      </nav>
      {state.kind === "loading" && <Skeleton lines={5} label={<Trans>Loading the contests…</Trans>} />}
      {state.kind === "error" && (
        <div className="page-state" role="alert">
          <p>
            <Trans>The contests could not be loaded: {state.message}</Trans>
          </p>
          <button type="button" className="button" onClick={() => void reload()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      )}
      {state.kind === "ready" &&
        (state.list.entries.length === 0 ? (
          <div className="empty-state">
            <Illustration name="tickets" size={140} />
            <p className="page-state muted" role="status">
              {i18n._(EMPTY[filter])}
            </p>
          </div>
        ) : (
          <>
            <p className="visually-hidden" role="status">
              <Plural value={state.list.total} one="# contest" other="# contests" />
            </p>
            <ContestTable
              entries={state.list.entries}
              onOpen={open}
              onPreview={preview}
              onDuplicate={mayDuplicate ? (entry) => builder.open(duplicateOrigin(entry)) : undefined}
            />
            <Pagination
              page={state.list.page}
              total={state.list.total}
              perPage={state.list.perPage}
              hrefOf={(p) => hrefOf(filter, p)}
            />
          </>
        ))}
    </section>
  );
}
