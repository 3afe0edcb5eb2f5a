import { useSignals } from '@preact/signals-react/runtime';
import { useResource } from '../lib/resource';
import { useFrame } from '../features/frame/model';
import { enterpriseNoticeDue } from './licenseGate';
import { LazyLicenseNotice } from './LazyLicenseNotice';
import { useShellData } from '../features/shellData/shellData';

/** The enterprise-feature notice above the content, on enterprise pages without an enterprise licence (spec 2.4, 6). */
export function EnterpriseBanner() {
  useSignals();
  const frame = useFrame();
  const { data, error } = useResource(useShellData().license);
  if (error && !data) throw error;
  const path = frame.srcNoBase.value;
  if (!data || !enterpriseNoticeDue(data, path)) return null;
  return <LazyLicenseNotice license={data} path={path} enterprise testId="enterprise-banner" />;
}
