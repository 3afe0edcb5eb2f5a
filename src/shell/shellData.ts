import type { BannerMessage, Branding, LicenseState, ProductName, ProductUpdate, ProductVersion, ProgramStatus, SystemStatus } from '../lib/apiTypes';
import { http } from '../lib/http';
import { createResource } from '../lib/resource';
import { DEFAULT_LICENSE } from './licenseMessage';

const HOUR = 60 * 60_000;

export const productNameResource = createResource<ProductName>({
  key: 'product.name',
  load: (signal) => http.get<ProductName>('api/v2/product/name', { signal }),
  staleTime: HOUR,
});

export const productVersionResource = createResource<ProductVersion>({
  key: 'product.version',
  load: (signal) => http.get<ProductVersion>('api/v2/product/version', { signal }),
  staleTime: HOUR,
});

export const productUpdateResource = createResource<ProductUpdate>({
  key: 'product.update',
  load: (signal) => http.get<ProductUpdate>('api/v2/product/update', { signal }),
  staleTime: HOUR,
});

export const brandingResource = createResource<Branding>({
  key: 'product.branding',
  load: (signal) => http.get<Branding>('api/v2/product/branding', { signal }),
  staleTime: HOUR,
});

/** Spec 4: the licence starts from the defaults and is replaced by the server's answer. */
export const licenseResource = createResource<LicenseState>({
  key: 'product.license',
  load: async (signal) => ({ ...DEFAULT_LICENSE, ...(await http.get<Partial<LicenseState>>('api/v2/product/license', { signal })) }),
  pollInterval: 5 * 60_000,
});

export const systemStatusResource = createResource<SystemStatus>({
  key: 'status.system',
  load: (signal) => http.get<SystemStatus>('api/v2/status/system', { signal }),
  pollInterval: 30_000,
});

export const programStatusResource = createResource<ProgramStatus>({
  key: 'status.program',
  load: (signal) => http.get<ProgramStatus>('api/v2/status/program', { signal }),
  pollInterval: 30_000,
});

export const BANNER_HELPER = 'admin/banner_message-ajaxhelper.php';

export const bannersResource = createResource<BannerMessage[]>({
  key: 'banners.active',
  load: async (signal) => {
    const list = await http.get<BannerMessage[] | null>(BANNER_HELPER, { params: { action: 'retrieve_active_banner_messages' }, signal });
    return Array.isArray(list) ? list : [];
  },
  pollInterval: 5 * 60_000,
});

export function acknowledgeBanner(id: string): Promise<unknown> {
  return http.post(BANNER_HELPER, { action: 'acknowledge_banner_message', id });
}

/** The tray alert is an HTML fragment from a state-changing ajaxhelper GET, so it carries nsp (spec 7). */
export const trayAlertResource = createResource<string>({
  key: 'tray.alert',
  load: (signal) => http.getText('ajaxhelper.php', {
    params: { cmd: 'getxicoreajax', opts: JSON.stringify({ func: 'get_tray_alert_html' }) },
    write: true,
    signal,
  }),
  pollInterval: 60_000,
});

/** Spec 4: dismissing a licence notice sets ignore_{kind}_notice on the session, then refreshes the licence. */
export async function ignoreLicenseNotice(kind: 'trial' | 'free' | 'promo'): Promise<void> {
  await http.get('ajaxhelper.php', { params: { cmd: 'setsessionvars', opts: JSON.stringify({ [`ignore_${kind}_notice`]: 1 }) }, write: true });
  await licenseResource.refresh();
}
