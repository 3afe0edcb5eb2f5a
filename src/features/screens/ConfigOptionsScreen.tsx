import { PlaceholderScreen } from './PlaceholderScreen';

export function ConfigOptionsScreen() {
  return <PlaceholderScreen screen="configOptions" titleKey="screens.configOptions" />;
}
