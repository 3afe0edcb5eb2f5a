import { lazy, Suspense, useState } from 'react';
import { withBase } from '../../lib/base';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import './WallboardLinks.css';

/** Only when asked for: its form fields are not on the views section's way. */
const WallboardLinkDialog = lazy(() => import('./WallboardLinkDialog'));

/** The ways to the wallboard at the foot of the view-rotation bar: start it here, or build the address a TV is set up with. */
export function WallboardLinks() {
  const t = useT();
  const [linkOpen, setLinkOpen] = useState(false);
  return (
    <>
      <div className="wallboard-links">
        {/* A full page load: the wallboard starts its own app, one that outlives expired sessions. */}
        <a href={withBase('wallboard')} data-testid="start-wallboard">{t('wallboard.start')}</a>
        <Button variant="quiet" onPress={() => setLinkOpen(true)}>{t('wallboard.link.open')}</Button>
      </div>
      {linkOpen && <Suspense fallback={null}><WallboardLinkDialog onClose={() => setLinkOpen(false)} /></Suspense>}
    </>
  );
}
