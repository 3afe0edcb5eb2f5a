import { PlaceholderScreen } from './PlaceholderScreen';

export function CommonToolsScreen() {
  return <PlaceholderScreen screen="commonTools" titleKey="screens.commonTools" />;
}
