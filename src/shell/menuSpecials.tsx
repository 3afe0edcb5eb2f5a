import ViewsRotationBar from '../features/views/RotationBar';
import { WallboardLinks } from '../features/wallboard/WallboardLinks';

/**
 * Everything the secondary menu's special entries need beyond a link (the views and dashboards sections' entries,
 * dialogs, the favourites' context menu and rename form, the icon picker, the rotation bar), as one lazily loaded
 * chunk: the first load carries a single import. The list lives in the shell, which shows them, so none of those
 * features imports another for it.
 */
export { default as FavoriteActions } from '../features/favorites/FavoriteActions';
export { default as SpecialEntry } from '../features/views/SpecialEntry';

/** The views' rotation bar with the wallboard's links at its foot: joined here, so views never imports the wallboard. */
export function RotationBar() {
  return <ViewsRotationBar><WallboardLinks /></ViewsRotationBar>;
}
