import { PlaceholderScreen } from './PlaceholderScreen';

export function ToolsScreen() {
  return <PlaceholderScreen screen="tools" titleKey="screens.tools" />;
}
