import { useSignals } from '@preact/signals-react/runtime';
import { useResource } from '../lib/resource';
import { useFrame } from '../features/frame/model';
import { chooseLicenseMessage } from './licenseMessage';
import { LazyLicenseNotice } from './LazyLicenseNotice';
import { useShellData } from '../features/shellData/shellData';

/** Spec 2.4: at most one licence message, chosen by the order of spec 4 (enterprise notices excepted). */
export function LicenseBanner() {
  useSignals();
  const frame = useFrame();
  const { data, error } = useResource(useShellData().license);
  if (error && !data) throw error;
  const message = data ? chooseLicenseMessage(data, frame.srcNoBase.value) : undefined;
  if (!message || message.enterprise) return null;
  return <LazyLicenseNotice message={message} testId="license-banner" />;
}
