import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { NativeScreenId } from '../features/frame/model';

/** Each screen loads on demand: none of them is needed for the first paint of the home page. */
const SCREENS: Record<NativeScreenId, LazyExoticComponent<ComponentType>> = {
  configOptions: lazy(() => import('../features/configOptions/ConfigOptionsScreen').then((m) => ({ default: m.ConfigOptionsScreen }))),
  tools: lazy(() => import('../features/tools/ToolsScreen').then((m) => ({ default: m.ToolsScreen }))),
  myTools: lazy(() => import('../features/tools/MyToolsScreen').then((m) => ({ default: m.MyToolsScreen }))),
  commonTools: lazy(() => import('../features/tools/CommonToolsScreen').then((m) => ({ default: m.CommonToolsScreen }))),
  enterprise: lazy(() => import('../features/enterprise/EnterpriseScreen').then((m) => ({ default: m.EnterpriseScreen }))),
  manageDashboards: lazy(() => import('../features/dashboards/ManageDashboardsScreen').then((m) => ({ default: m.ManageDashboardsScreen }))),
  displays: lazy(() => import('../features/displays/DisplaysScreen').then((m) => ({ default: m.DisplaysScreen }))),
};

/** The screen for `id` (NativeScreen.tsx puts it behind its boundary and Suspense). */
export function ScreenById({ id }: { id: NativeScreenId }) {
  const Screen = SCREENS[id];
  return <Screen />;
}
