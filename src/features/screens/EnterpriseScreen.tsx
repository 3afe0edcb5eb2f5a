import { PlaceholderScreen } from './PlaceholderScreen';

export function EnterpriseScreen() {
  return <PlaceholderScreen screen="enterprise" titleKey="screens.enterprise" />;
}
