/**
 * The pages of a long list as links (`hrefOf` gives each page's address): previous, "Page n of m", next; shown
 * only when there is more than one page.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";

export function Pagination({
  page,
  total,
  perPage,
  hrefOf,
}: {
  page: number;
  total: number;
  perPage: number;
  hrefOf(page: number): string;
}) {
  const { t } = useLingui();
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1) return null;
  return (
    <nav className="pagination" aria-label={t`Pages`}>
      {page > 1 ? (
        <Link className="button small" to={hrefOf(page - 1)} rel="prev">
          <Trans>Previous page</Trans>
        </Link>
      ) : (
        <span className="button small" aria-disabled="true">
          <Trans>Previous page</Trans>
        </span>
      )}
      <span>
        <Trans>
          Page {page} of {pages}
        </Trans>
      </span>
      {page < pages ? (
        <Link className="button small" to={hrefOf(page + 1)} rel="next">
          <Trans>Next page</Trans>
        </Link>
      ) : (
        <span className="button small" aria-disabled="true">
          <Trans>Next page</Trans>
        </span>
      )}
    </nav>
  );
}
