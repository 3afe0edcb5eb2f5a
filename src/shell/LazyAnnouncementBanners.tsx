import { lazy, Suspense } from 'react';
import { useResource } from '../lib/resource';
import { useShellData } from '../features/shellData/shellData';

/** Issue 19: the banners' code (with Banner and its colours) loads only once there is a banner to show. */
const AnnouncementBanners = lazy(() => import('./AnnouncementBanners').then((m) => ({ default: m.AnnouncementBanners })));

/** Spec 2.3's announcement banners, behind the same region boundary: a failed read still reaches it. */
export function LazyAnnouncementBanners() {
  const { data, error } = useResource(useShellData().banners);
  if (error && !data) throw error;
  if (!data || data.length === 0) return null;
  return <Suspense fallback={null}><AnnouncementBanners /></Suspense>;
}
