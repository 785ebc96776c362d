import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import './data-table.css';

/**
 * The site's data table (data-table.css): a caption, a header row and the body rows; cards on phones, where each
 * cell shows its `data-label`. `foot` is an optional totals row.
 */
export function DataTable({
  caption,
  head,
  foot,
  children,
}: {
  caption: ReactNode;
  head: ReactNode;
  foot?: ReactNode;
  children: ReactNode;
}) {
  return (
    <table className="data-table">
      <caption>{caption}</caption>
      <thead>
        <tr>{head}</tr>
      </thead>
      <tbody>{children}</tbody>
      {foot && <tfoot>{foot}</tfoot>}
    </table>
  );
}

/** A column header; `num` right-aligns an amount column. */
export function Th({ children, num }: { children: ReactNode; num?: boolean }) {
  return (
    <th scope="col" className={clsx(num && 'num')}>
      {children}
    </th>
  );
}
