import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { useT } from '../lib/i18n';
import { useFrame } from '../features/frame/model';
import { LoadFailed } from '../features/errors/LoadFailed';
import type { PageAction } from '../features/pageActions/model';
import { Icon } from '../ui/Icon';
import { MenuTrigger, type MenuItemSpec } from '../ui/Menu';

/** The dialogs load with the first action, so none of them is in the first bundle. */
const PageActionsDialog = lazy(() => import('../features/pageActions/PageActionsDialog').then((m) => ({ default: m.PageActionsDialog })));

/**
 * Spec 2.6's page actions for the page the content frame shows, as menu items plus the dialog they open:
 * the top bar's own menu and the phone overflow menu both offer them.
 */
export function usePageActions(): { items: MenuItemSpec[]; dialog: ReactNode } {
  useSignals();
  const t = useT();
  const frame = useFrame();
  const [open, setOpen] = useState<{ action: PageAction; location: string } | null>(null);
  const location = frame.currentLocation.value || frame.src.value;
  const show = (action: PageAction) => () => setOpen({ action, location });
  const items: MenuItemSpec[] = [
    { key: 'addView', label: t('shell.pageActions.addView'), isDisabled: !location, onAction: show('addView') },
    { key: 'permalink', label: t('shell.pageActions.permalink'), isDisabled: !location, onAction: show('permalink') },
    { key: 'schedule', label: t('shell.pageActions.schedule'), isDisabled: !location, onAction: show('schedule') },
  ];
  const dialog = open && (
    <ErrorBoundary fallback={<LoadFailed message={t('errors.pageActionsFailed')} onClose={() => setOpen(null)} />}>
      <Suspense fallback={null}>
        <PageActionsDialog action={open.action} location={open.location} onClose={() => setOpen(null)} />
      </Suspense>
    </ErrorBoundary>
  );
  return { items, dialog };
}

/** Spec 2.6: add to My Views, permalink and Schedule Page, for the page the content frame shows. */
export function PageActionsMenu() {
  const t = useT();
  const { items, dialog } = usePageActions();
  return (
    <>
      <MenuTrigger label={t('shell.pageActions.menu')} className="page-actions-menu" data-testid="page-actions" items={items}>
        <Icon name="more" />
      </MenuTrigger>
      {dialog}
    </>
  );
}
