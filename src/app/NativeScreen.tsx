import { lazy, Suspense } from 'react';
import type { NativeScreenId } from '../features/frame/model';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { useT } from '../lib/i18n';

/** Issue 19: the table of screens (each of them a chunk of its own) loads with the first native screen shown. */
const ScreenById = lazy(() => import('./nativeScreenTable').then((m) => ({ default: m.ScreenById })));

function Failed() {
  const t = useT();
  return <p className="app-message" role="alert">{t('errors.pageFailed')}</p>;
}

/** The native screen that replaces the content frame for its path (spec 2.2); routes.tsx hands it to the frame. */
export function NativeScreen({ id }: { id: NativeScreenId }) {
  return (
    <ErrorBoundary fallback={<Failed />} resetKey={id}>
      <Suspense fallback={null}>
        <ScreenById id={id} />
      </Suspense>
    </ErrorBoundary>
  );
}
