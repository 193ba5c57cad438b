/**
 * What a route shows when it throws: a chunk that failed to load (a new deploy replaced it) reloads the app, at
 * most once a minute (app-shell.md §2); a 404 from the router shows the 404 page; anything else the 500 page.
 */
import { isRouteErrorResponse, useRouteError } from "react-router";
import { ErrorPage } from "../pages/ErrorPage";

export const CHUNK_RELOAD_KEY = "fairdraw.chunk-reload-at";
export const CHUNK_RELOAD_EVERY_MS = 60_000;

export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Failed to load module script/i.test(
    message,
  );
}

/** Reloads unless a reload for the same reason happened less than a minute ago; answers whether it reloads. */
export function reloadForChunk(storage: Storage, now: number, reload: () => void): boolean {
  const last = Number(storage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < CHUNK_RELOAD_EVERY_MS) return false;
  storage.setItem(CHUNK_RELOAD_KEY, String(now));
  reload();
  return true;
}

export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadForChunk(sessionStorage, Date.now(), () => window.location.reload())) {
    return null;
  }
  if (isRouteErrorResponse(error)) return <ErrorPage status={error.status} details={error.statusText} />;
  return (
    <ErrorPage
      status={500}
      details={error instanceof Error ? (error.stack ?? error.message) : String(error)}
    />
  );
}
