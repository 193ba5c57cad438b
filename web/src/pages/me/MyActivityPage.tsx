/**
 * /me/activity: what the person did, in every team (GET /users/me/activity/list), newest first, 20 at a time with
 * "Show more" (`?before=` the last one shown). Times refresh every minute.
 */
import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useRef, useState } from "react";
import { type ApiError, asApiError } from "../../api/errors";
import { useErrorHandler } from "../../shell/useErrorHandler";
import { ACTIVITY_PAGE_SIZE } from "../../team/api";
import { Empty, LoadError, Loading } from "../../team/states";
import { usePageTitle } from "../../usePageTitle";
import { useNow } from "../../widgets/useNow";
import { type ActivityItem, ActivityLine, fetchMyActivity } from "./activity";
import "./me.css";

type Feed = {
  items: ActivityItem[];
  status: "loading" | "ready" | "error" | "more";
  error: ApiError | null;
  done: boolean;
};

/** A paged feed: the first page on mount, the next one on demand; a failure keeps what is shown. */
export function useActivityFeed(
  load: (before?: string) => Promise<ActivityItem[]>,
): Feed & { more(): void; retry(): void } {
  const onError = useErrorHandler();
  const [feed, setFeed] = useState<Feed>({ items: [], status: "loading", error: null, done: false });
  const latest = useRef({ load, onError, feed });
  latest.current = { load, onError, feed };

  const fetchPage = useCallback(async (before?: string) => {
    setFeed((f) => ({ ...f, status: before ? "more" : "loading", error: null }));
    try {
      const page = await latest.current.load(before);
      setFeed((f) => ({
        items: before ? [...f.items, ...page] : page,
        status: "ready",
        error: null,
        done: page.length < ACTIVITY_PAGE_SIZE,
      }));
    } catch (e) {
      const error = asApiError(e);
      if (error.status === 401 || error.status === 403) latest.current.onError(error);
      setFeed((f) => ({ ...f, status: "error", error }));
    }
  }, []);

  useEffect(() => {
    void fetchPage();
  }, [fetchPage]);

  const lastId = () => latest.current.feed.items.at(-1)?._id;
  return {
    ...feed,
    more: () => void fetchPage(lastId()),
    retry: () => void fetchPage(latest.current.feed.items.length > 0 ? lastId() : undefined),
  };
}

export default function MyActivityPage() {
  const { t } = useLingui();
  usePageTitle(t`My activity`);
  const feed = useActivityFeed(fetchMyActivity);
  const now = useNow(60_000);

  return (
    <section className="me-page" aria-labelledby="my-activity-title">
      <h1 id="my-activity-title">
        <Trans>My activity</Trans>
      </h1>
      <p className="muted">
        <Trans>What you did in each of your teams, newest first.</Trans>
      </p>
      {feed.status === "loading" && <Loading />}
      {feed.items.length > 0 && (
        <ul className="activity-list">
          {feed.items.map((item) => (
            <ActivityLine key={item._id} item={item} now={now} />
          ))}
        </ul>
      )}
      {feed.status === "ready" && feed.items.length === 0 && (
        <Empty>
          <Trans>Nothing yet. Your actions in your teams will show here.</Trans>
        </Empty>
      )}
      {feed.status === "error" && feed.error && <LoadError error={feed.error} onRetry={feed.retry} />}
      {feed.items.length > 0 && !feed.done && feed.status !== "error" && (
        <button type="button" className="button" onClick={feed.more} disabled={feed.status === "more"}>
          {feed.status === "more" ? <Trans>Loading…</Trans> : <Trans>Show more</Trans>}
        </button>
      )}
    </section>
  );
}
