/**
 * Everything the secondary menu's special entries need beyond a link (the views and dashboards sections' entries,
 * dialogs, the favourites' context menu and rename form, the icon picker, the rotation bar), as one lazily loaded
 * chunk: the first load carries a single import.
 */
export { default as FavoriteActions } from '../favorites/FavoriteActions';
export { default as RotationBar } from './RotationBar';
export { default as SpecialEntry } from './SpecialEntry';
