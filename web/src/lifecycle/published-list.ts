/**
 * A long list the public verify API publishes a page at a time (docs/draw.md "Published lists"): the first page
 * comes with GET /verify/{id}, the others one after the other; each page is hashed as it arrives
 * (engine/lifecycle pagedList), so the whole list's hash is known when the last page is in.
 */
import { pagedList } from "../../../engine/lifecycle";

export type ListProgress = { page: number; pages: number };

export type LoadedList<T> = { items: T[]; hash: string };

export async function loadPublishedList<T>(options: {
  first: readonly T[];
  pages: number;
  page(n: number): Promise<{ items: T[] }>;
  lineOf(item: T): string;
  onProgress?(progress: ListProgress): void;
}): Promise<LoadedList<T>> {
  const list = pagedList(options.lineOf);
  list.add(options.first);
  for (let n = 2; n <= options.pages; n++) {
    options.onProgress?.({ page: n, pages: options.pages });
    list.add((await options.page(n)).items);
  }
  return list.done();
}
