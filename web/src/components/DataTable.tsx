/**
 * A table of records: its caption (heard by screen readers only), one heading a column, then the rows. A column
 * given as `{ hidden }` is named for screen readers only (the actions column of some tables). On a phone the table
 * scrolls sideways inside its own box, so the page never does.
 */
import type { ReactNode } from "react";

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
  return (
    // The box may scroll sideways: a keyboard reaches it, a screen reader hears what it holds.
    <div className="table-box" {...(caption ? { role: "region", "aria-label": caption, tabIndex: 0 } : {})}>
      <table className={className}>
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
