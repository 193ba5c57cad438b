/** Media grids show 1 to 4 items (app-shell.md §9), laid out the way the networks do. */
export type MediaItem = { url: string; type: "image" | "video"; alt?: string };

export function MediaGrid({ items }: { items: readonly MediaItem[] }) {
  const shown = items.slice(0, 4);
  if (shown.length === 0) return null;
  return (
    <div className={`media-grid media-grid-${shown.length}`} data-count={shown.length}>
      {shown.map((m) =>
        m.type === "video" ? (
          // biome-ignore lint/a11y/useMediaCaption: a preview of the person's own upload; captions belong to the network
          <video key={m.url} src={m.url} controls preload="metadata" />
        ) : (
          <img key={m.url} src={m.url} alt={m.alt ?? ""} />
        ),
      )}
    </div>
  );
}
