import { PlaceholderScreen } from './PlaceholderScreen';

export function MyToolsScreen() {
  return <PlaceholderScreen screen="myTools" titleKey="screens.myTools" />;
}
