/**
 * Reading a list page after page (a network's page tokens): each page is read once, in order, until the network
 * gives no next token or `maxPages` were read; the caller keeps the last token to resume there (a cursor).
 */
export type Page<T> = { items: T[]; next: string | null };

export async function* pages<T>(
  read: (token: string | null) => Promise<Page<T>>,
  opts: { from?: string | null; maxPages: number },
): AsyncGenerator<Page<T> & { token: string | null }> {
  let token = opts.from ?? null;
  for (let n = 0; n < opts.maxPages; n++) {
    const page = await read(token);
    yield { ...page, token };
    if (!page.next || page.next === token) return;
    token = page.next;
  }
}
