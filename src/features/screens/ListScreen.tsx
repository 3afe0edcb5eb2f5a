import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useResource, type Resource } from '../../lib/resource';
import { Button } from '../../ui/Button';
import { Table, type TableColumn } from '../../ui/Table';
import './screens.css';

export interface ListScreenProps<T> {
  intro: string;
  /** The toolbar's buttons (Add, Import, Pair a display…). */
  actions: ReactNode;
  /** Watched while the screen shows: a list that never loaded says so, with Retry. */
  list: Resource<T[]>;
  /** Names the table for assistive tech; the screen's heading already says it on screen. */
  caption: string;
  columns: TableColumn<T>[];
  rowKey: (row: T) => string;
  /** What an empty list says once it has loaded. */
  empty: string;
  'data-testid': string;
  /** The screen's own dialogs: its edit form and its confirmation. */
  children?: ReactNode;
}

/**
 * The body of a list screen (Manage My Dashboards, My and Common Tools, Displays): intro, toolbar, then the table,
 * or "Failed to load" with Retry when there is nothing to show. A reload of a loaded list keeps the rows (or the
 * empty text) in place rather than flashing "Loading…".
 */
export function ListScreen<T>({ intro, actions, list, caption, columns, rowKey, empty, children, ...rest }: ListScreenProps<T>) {
  const t = useT();
  const { data, error, loading, refresh } = useResource(list);
  return (
    <>
      <p className="native-screen-intro">{intro}</p>
      <div className="native-screen-toolbar">{actions}</div>
      {error && !data ? (
        <p role="alert">{t('screens.loadFailed')} <Button onPress={() => void refresh()}>{t('screens.retry')}</Button></p>
      ) : (
        <Table
          caption={caption}
          hideCaption
          columns={columns}
          rows={data ?? []}
          rowKey={rowKey}
          empty={loading && !data ? t('screens.loading') : empty}
          isBusy={loading}
          data-testid={rest['data-testid']}
        />
      )}
      {children}
    </>
  );
}
