import type { ReactNode } from 'react';
import './Table.css';

export interface TableColumn<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell that names its row (a `th scope="row"`), so screen readers announce it with each cell. */
  isRowHeader?: boolean;
  /** Long unbroken values (URLs) may wrap anywhere instead of widening the table. */
  wrap?: 'anywhere';
}

export interface TableProps<T> {
  /** Names the table; hidden visually when the heading above already says it. */
  caption: string;
  hideCaption?: boolean;
  columns: TableColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** Shown in one full-width row when there are no rows. */
  empty: ReactNode;
  /** While true the table says so to assistive tech (aria-busy). */
  isBusy?: boolean;
  'data-testid'?: string;
}

/**
 * A static data table with native semantics (caption, column and row headers); rows carry data-row-key for tests and CSS.
 * On a phone each row becomes a card with every cell labelled by its column: the explicit roles keep the table's
 * semantics, which browsers drop from elements whose CSS display changes.
 */
export function Table<T>({ caption, hideCaption, columns, rows, rowKey, empty, isBusy, ...rest }: TableProps<T>) {
  return (
    <div className="ui-table-wrap">
      <table className="ui-table" role="table" aria-busy={isBusy || undefined} data-testid={rest['data-testid']}>
        <caption data-hidden={hideCaption || undefined}>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">{columns.map((c) => <th key={c.key} scope="col" role="columnheader">{c.header}</th>)}</tr>
        </thead>
        <tbody role="rowgroup">
          {rows.length === 0 ? (
            <tr role="row"><td className="ui-table-empty" role="cell" colSpan={columns.length}>{empty}</td></tr>
          ) : rows.map((row) => (
            <tr key={rowKey(row)} role="row" data-row-key={rowKey(row)}>
              {columns.map((c) => (c.isRowHeader
                ? <th key={c.key} scope="row" role="rowheader" data-wrap={c.wrap}>{c.cell(row)}</th>
                : <td key={c.key} role="cell" data-wrap={c.wrap} data-label={typeof c.header === 'string' ? c.header : undefined}>{c.cell(row)}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
