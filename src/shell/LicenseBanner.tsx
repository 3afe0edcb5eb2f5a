import { useSignals } from '@preact/signals-react/runtime';
import { useResource } from '../lib/resource';
import { frameSrcNoBase } from '../features/frame/model';
import { chooseLicenseMessage } from './licenseMessage';
import { LazyLicenseNotice } from './LazyLicenseNotice';
import { licenseResource } from './shellData';

/** Spec 2.4: at most one licence message, chosen by the order of spec 4 (enterprise notices excepted). */
export function LicenseBanner() {
  useSignals();
  const { data, error } = useResource(licenseResource);
  if (error && !data) throw error;
  const message = data ? chooseLicenseMessage(data, frameSrcNoBase.value) : undefined;
  if (!message || message.enterprise) return null;
  return <LazyLicenseNotice message={message} testId="license-banner" />;
}
