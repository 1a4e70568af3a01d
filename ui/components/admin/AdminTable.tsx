// The admin's lists as a table (bookings, bonus codes, VIP customers, mails...): one look
// (.bookings-table, which turns each row into a card on a phone, its cells labelled by data-label),
// a caption for screen readers and the column heads; the rows are the caller's.
import type { ReactNode } from 'react';

export function AdminTable({
  className,
  caption,
  columns,
  children,
}: {
  /** Extra classes beside bookings-table (column widths of this list). */
  className?: string;
  caption: string;
  columns: string[];
  children: ReactNode;
}) {
  return (
    <table className={className ? `bookings-table ${className}` : 'bookings-table'}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
