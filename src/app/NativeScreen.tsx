import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import type { NativeScreenId } from '../features/frame/model';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { useT } from '../lib/i18n';

/** Loaded on demand: none of them is needed for the first paint of the home page. */
const SCREENS: Record<NativeScreenId, LazyExoticComponent<ComponentType>> = {
  configOptions: lazy(() => import('../features/configOptions/ConfigOptionsScreen').then((m) => ({ default: m.ConfigOptionsScreen }))),
  tools: lazy(() => import('../features/tools/ToolsScreen').then((m) => ({ default: m.ToolsScreen }))),
  myTools: lazy(() => import('../features/tools/MyToolsScreen').then((m) => ({ default: m.MyToolsScreen }))),
  commonTools: lazy(() => import('../features/tools/CommonToolsScreen').then((m) => ({ default: m.CommonToolsScreen }))),
  enterprise: lazy(() => import('../features/enterprise/EnterpriseScreen').then((m) => ({ default: m.EnterpriseScreen }))),
  manageDashboards: lazy(() => import('../features/dashboards/ManageDashboardsScreen').then((m) => ({ default: m.ManageDashboardsScreen }))),
  displays: lazy(() => import('../features/displays/DisplaysScreen').then((m) => ({ default: m.DisplaysScreen }))),
};

function Failed() {
  const t = useT();
  return <p className="app-message" role="alert">{t('errors.pageFailed')}</p>;
}

/** The native screen that replaces the content frame for its path (spec 2.2); routes.tsx hands it to the frame. */
export function NativeScreen({ id }: { id: NativeScreenId }) {
  const Screen = SCREENS[id];
  return (
    <ErrorBoundary fallback={<Failed />} resetKey={id}>
      <Suspense fallback={null}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
}
