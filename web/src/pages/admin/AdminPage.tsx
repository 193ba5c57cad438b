/**
 * /admin (app-shell.md §2, admins only: RequireAdmin shows 403 to anyone else): the admin pages, what each is
 * for, and a search that goes straight to the users found.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "react-router";
import { usePageTitle } from "../../usePageTitle";
import { ADMIN_PAGES, AdminNav, SearchForm } from "./AdminNav";

export default function AdminPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Administration`);
  const navigate = useNavigate();
  return (
    <div className="admin-page">
      <AdminNav />
      <h1>
        <Trans>Administration</Trans>
      </h1>
      <p className="muted">
        <Trans>
          Fairdraw staff only. Plans are set here: no payment provider is connected, so a team changes plan
          when an administrator sets it.
        </Trans>
      </p>
      <SearchForm
        initial=""
        label={t`Find a user by e-mail or name`}
        onSearch={(q) => void navigate(q ? `/admin/users?q=${encodeURIComponent(q)}` : "/admin/users")}
      />
      <ul className="admin-links">
        {ADMIN_PAGES.map((p) => (
          <li key={p.to} className="card">
            <h2>
              <Link to={p.to}>{i18n._(p.label)}</Link>
            </h2>
            <p>{i18n._(p.description)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
