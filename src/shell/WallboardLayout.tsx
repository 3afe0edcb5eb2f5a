import { WallboardScreen } from '../features/wallboard/WallboardScreen';
import { ShellFrame } from './ShellFrame';

/**
 * Issue 8: the wallboard document's layout, as FramedLayout is the shell's: the wallboard screen with its stage in
 * the framed page, full screen and without the navigation regions (spec 2.2).
 */
export function WallboardLayout() {
  return <WallboardScreen frameStage={(stage) => <ShellFrame section="views" kiosk>{stage}</ShellFrame>} />;
}
