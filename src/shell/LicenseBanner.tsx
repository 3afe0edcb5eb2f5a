import { useSignals } from '@preact/signals-react/runtime';
import { useResource } from '../lib/resource';
import { useFrame } from '../features/frame/model';
import { licenseNoticePossible } from './licenseGate';
import { LazyLicenseNotice } from './LazyLicenseNotice';
import { useShellData } from '../features/shellData/shellData';

/** Spec 2.4: at most one licence message, chosen by the order of spec 4 (enterprise notices excepted). */
export function LicenseBanner() {
  useSignals();
  const frame = useFrame();
  const { data, error } = useResource(useShellData().license);
  if (error && !data) throw error;
  const path = frame.srcNoBase.value;
  if (!data || !licenseNoticePossible(data, path)) return null;
  return <LazyLicenseNotice license={data} path={path} enterprise={false} testId="license-banner" />;
}
