import { lazy, Suspense } from 'react';
import type { LicenseMessage } from './licenseMessage';

// Most licences show no banner at all: the banner's markup and links load only when there is one.
const LicenseNotice = lazy(() => import('./LicenseNotice').then((m) => ({ default: m.LicenseNotice })));

export function LazyLicenseNotice(props: { message: LicenseMessage; testId: string }) {
  return (
    <Suspense fallback={null}>
      <LicenseNotice {...props} />
    </Suspense>
  );
}
