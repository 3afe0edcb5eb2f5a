import { PlaceholderScreen } from './PlaceholderScreen';

export function WallboardScreen() {
  return <PlaceholderScreen screen="wallboard" titleKey="screens.wallboard" />;
}
