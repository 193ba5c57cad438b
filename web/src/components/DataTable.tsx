/**
 * A table of records: its caption (heard by screen readers only), one heading a column, then the rows. A column
 * given as `{ hidden }` is named for screen readers only (the actions column of some tables). On a phone each row
 * becomes a card, its cells one under the other with their column's name before them (data-label, set here so the
 * pages' rows stay plain <td>s); a table that still does not fit scrolls inside its own box, never the page.
 */
import { type ReactNode, useLayoutEffect, useRef } from "react";

export type Column = string | { hidden: string };

export function DataTable({
  columns,
  caption,
  className = "data",
  children,
}: {
  columns: readonly Column[];
  caption?: string;
  className?: string;
  children: ReactNode;
}) {
  const table = useRef<HTMLTableElement>(null);
  const names = columns.map((c) => (typeof c === "string" ? c : ""));
  // After every render: rows come and go with the data.
  useLayoutEffect(() => {
    for (const row of table.current?.tBodies[0]?.rows ?? []) {
      [...row.cells].forEach((cell, i) => {
        const name = names[i] ?? "";
        if (cell.dataset.label !== name) cell.dataset.label = name;
      });
    }
  });
  return (
    // The box may scroll sideways: a keyboard reaches it, a screen reader hears what it holds.
    <div className="table-box" {...(caption ? { role: "region", "aria-label": caption, tabIndex: 0 } : {})}>
      <table ref={table} className={`${className} stack-on-phone`}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th scope="col" key={column}>
                  {column}
                </th>
              ) : (
                <th scope="col" key={column.hidden}>
                  <span className="visually-hidden">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
