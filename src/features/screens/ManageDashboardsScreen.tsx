import { PlaceholderScreen } from './PlaceholderScreen';

export function ManageDashboardsScreen() {
  return <PlaceholderScreen screen="manageDashboards" titleKey="screens.manageDashboards" />;
}
