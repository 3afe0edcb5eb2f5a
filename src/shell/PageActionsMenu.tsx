import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { useT } from '../lib/i18n';
import { useFrame } from '../features/frame/model';
import { LoadFailed } from '../features/errors/LoadFailed';
import type { PageAction } from '../features/pageActions/model';
import { Icon } from '../ui/Icon';
import { MenuTrigger } from '../ui/Menu';
import { lazyTopBarItems, preloadTopBarItems } from './loadTopBarItems';
import type { PageActionsTarget } from './topBarItems';

/** The dialogs load with the first action, so none of them is in the first bundle. */
const PageActionsDialog = lazy(() => import('../features/pageActions/PageActionsDialog').then((m) => ({ default: m.PageActionsDialog })));
/** The items load with the menu. */
const PageActionItems = lazyTopBarItems('PageActionItems');

/**
 * Spec 2.6's page actions for the page the content frame shows, as what the menu items need plus the dialog they
 * open: the top bar's own menu and the phone overflow menu both offer them.
 */
export function usePageActions(): { target: PageActionsTarget; dialog: ReactNode } {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const [open, setOpen] = useState<{ action: PageAction; location: string } | null>(null);
  const location = frame.currentLocation.value || frame.src.value;
  const dialog = open && (
    <ErrorBoundary fallback={<LoadFailed message={t('errors.pageActionsFailed')} onClose={() => setOpen(null)} />}>
      <Suspense fallback={null}>
        <PageActionsDialog action={open.action} location={open.location} onClose={() => setOpen(null)} />
      </Suspense>
    </ErrorBoundary>
  );
  return { target: { location, show: (action) => setOpen({ action, location }) }, dialog };
}

/** Spec 2.6: add to My Views, permalink and Schedule Page, for the page the content frame shows. */
export function PageActionsMenu() {
  const t = useT();
  const { target, dialog } = usePageActions();
  return (
    <>
      <MenuTrigger
        label={t('shell.pageActions.menu')}
        className="page-actions-menu"
        data-testid="page-actions"
        items={(menuFor) => <PageActionItems target={target} menuFor={menuFor} />}
        preload={preloadTopBarItems}
      >
        <Icon name="more" />
      </MenuTrigger>
      {dialog}
    </>
  );
}
