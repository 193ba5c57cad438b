/**
 * What every admin page shares: the admin section's menu (the shell's sub-menus do not list /admin), the list
 * pages' table of results and pager, and the query of a list read from the address (?q=, ?page=, ?status=), so a search can be
 * shared, reloaded and walked back with the browser.
 */
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useId, useState } from "react";
import { useSearchParams } from "react-router";
import { type Column, DataTable } from "../../components/DataTable";
import { Menu } from "../../layout/Menu";
import type { MenuItem } from "../../layout/menus";
import type { ListMeta, ListQuery } from "./api";
import "./admin.css";

export const ADMIN_MENU: MenuItem[] = [
  { to: "/admin", label: msg`Administration`, end: true },
  { to: "/admin/users", label: msg`Users` },
  { to: "/admin/contests", label: msg`Contests` },
  { to: "/admin/stats", label: msg`Statistics` },
];

/** What each admin page is for, as the admin home lists it. */
export const ADMIN_PAGES: { to: string; label: MessageDescriptor; description: MessageDescriptor }[] = [
  {
    to: "/admin/users",
    label: msg`Users`,
    description: msg`Find a person by e-mail or name, see their teams, set a team's plan or freeze it.`,
  },
  {
    to: "/admin/contests",
    label: msg`Contests`,
    description: msg`Every team's contests by status, with the team that runs each one.`,
  },
  {
    to: "/admin/stats",
    label: msg`Statistics`,
    description: msg`Users, teams by plan, contests by status, entries and this week's sign-ins.`,
  },
];

export function AdminNav() {
  const { t } = useLingui();
  return <Menu items={ADMIN_MENU} label={t`Administration menu`} className="sub-menu admin-menu" />;
}

/** The list's query from the address: a search, a page (from 1) and, for contests, the statuses. */
export function useListQuery(): [ListQuery, (change: Partial<ListQuery>) => void] {
  const [params, setParams] = useSearchParams();
  const page = Number(params.get("page") ?? "1");
  const current: ListQuery = {
    q: params.get("q") ?? "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    status: params.get("status") ?? "",
  };
  const change = (next: Partial<ListQuery>) => {
    const merged = { ...current, ...next };
    const out = new URLSearchParams();
    if (merged.q) out.set("q", merged.q);
    if (merged.status) out.set("status", merged.status);
    if (merged.page > 1) out.set("page", String(merged.page));
    setParams(out);
  };
  return [current, change];
}

export function pageCount(meta: ListMeta): number {
  return Math.max(1, Math.ceil(meta.total / meta.per_page));
}

export function Pager({ meta, onPage }: { meta: ListMeta; onPage(page: number): void }) {
  const { t } = useLingui();
  const pages = pageCount(meta);
  if (meta.total === 0) return null;
  return (
    <nav className="admin-pager" aria-label={t`Pages`}>
      <button
        type="button"
        className="button small"
        disabled={meta.page <= 1}
        onClick={() => onPage(meta.page - 1)}
      >
        <Trans>Previous</Trans>
      </button>
      <span>
        <Trans>
          Page {meta.page} of {pages}
        </Trans>
      </span>
      <button
        type="button"
        className="button small"
        disabled={meta.page >= pages}
        onClick={() => onPage(meta.page + 1)}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}

/** A list page's results: how many were found, this page of them as a table, and the pager. */
export function PagedTable({
  meta,
  found,
  caption,
  columns,
  onPage,
  children,
}: {
  meta: ListMeta;
  found: ReactNode;
  caption: string;
  columns: readonly Column[];
  onPage(page: number): void;
  children: ReactNode;
}) {
  return (
    <>
      <p className="muted" role="status">
        {found}
      </p>
      <div className="admin-table-wrap">
        <DataTable caption={caption} columns={columns}>
          {children}
        </DataTable>
      </div>
      <Pager meta={meta} onPage={onPage} />
    </>
  );
}

/** A search of a list (submitted with Enter or the button), labelled by `label`. */
export function SearchForm({
  initial,
  label,
  onSearch,
}: {
  initial: string;
  label: string;
  onSearch(q: string): void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to older browsers (Safari before 17) and to jsdom
    <form
      role="search"
      className="admin-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id}>{label}</label>
      <input id={id} type="search" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
      <button type="submit" className="button primary">
        <Trans>Search</Trans>
      </button>
    </form>
  );
}
