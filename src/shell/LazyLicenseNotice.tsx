import { lazy, Suspense } from 'react';
import type { LicenseState } from '../lib/apiTypes';

// Most licences show no banner at all: the message choice, the banner's markup and its links load only when the
// licence may call for one (licenseGate.ts).
const ChosenLicenseNotice = lazy(() => import('./LicenseNotice').then((m) => ({ default: m.ChosenLicenseNotice })));

export function LazyLicenseNotice(props: { license: LicenseState; path: string; enterprise: boolean; testId: string }) {
  return (
    <Suspense fallback={null}>
      <ChosenLicenseNotice {...props} />
    </Suspense>
  );
}
