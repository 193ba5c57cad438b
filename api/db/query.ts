/**
 * Reading one row in the one way both engines run (docs/decisions/021-postgresql.md): drizzle's PostgreSQL
 * builders have no `.get()`, and its better-sqlite3 builders are thenable, so `await first(q)` works on both.
 * Like `.get()`, it adds no LIMIT: add `.limit(1)` where the query may match many rows.
 */
export async function first<T>(query: PromiseLike<T[]>): Promise<T | undefined> {
  return (await query)[0];
}
