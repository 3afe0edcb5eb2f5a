import type { BannerMessage, Branding, LicenseState, ProductName, ProductUpdate, ProductVersion, ProgramStatus, SystemStatus, Totals } from '../../lib/apiTypes';
import type { HttpClient } from '../../lib/http';
import { createModelContext } from '../../lib/modelContext';
import type { Resource, ResourceRegistry, ResourceStorage } from '../../lib/resource';

/** Spec 3 defaults: everything false or 0 except is_license_activated. */
export const DEFAULT_LICENSE: LicenseState = {
  is_invalid_license: false, is_enterprise_license: false, has_trialed_enterprise_features: false, is_trial_license: false,
  trial_notice_ignore: false, trial_days_left: 0, is_free_license: false, free_notice_ignored: false,
  is_25_year_celebration_license: false, promo_notice_ignored: false, is_core_services_platform_license: false,
  core_services_platform_notice_ignored: false, is_license_activated: true, is_license_exceeded: false,
  has_activation_key: false, is_enterprise_maintenance_expired: false, is_enterprise_trial: false, enterprise_days_left: 0,
  is_custom_branding: false, product_name: '',
};

const HOUR = 60 * 60_000;
export const BANNER_HELPER = 'admin/banner_message-ajaxhelper.php';

/** Spec 7 and 9: unhandled problem totals over all records (no paging), the login alerts' and the wallboard's queries. */
export const UNHANDLED_HOSTS = { limitrecords: false, totals: 1, current_state: 'in:1,2', problem_acknowledged: 0, scheduled_downtime_depth: 0 };
export const UNHANDLED_SERVICES = {
  limitrecords: false, combinedhost: 1, totals: 1, host_current_state: 0, host_problem_acknowledged: 0, host_scheduled_downtime_depth: 0,
  current_state: 'in:1,2,3', problem_acknowledged: 0, scheduled_downtime_depth: 0,
};

export interface ShellData {
  productName: Resource<ProductName>;
  productVersion: Resource<ProductVersion>;
  productUpdate: Resource<ProductUpdate>;
  branding: Resource<Branding>;
  license: Resource<LicenseState>;
  systemStatus: Resource<SystemStatus>;
  programStatus: Resource<ProgramStatus>;
  banners: Resource<BannerMessage[]>;
  trayAlert: Resource<string>;
  /** Unhandled problem totals: the wallboard's status strip and the login notices read the same two. */
  hostProblems: Resource<Totals>;
  serviceProblems: Resource<Totals>;
}

export interface ShellDataOptions {
  /**
   * The wallboard shows the problem totals all day, so they poll and are stored for an outage. The framed app reads
   * them once, for the login notices (spec 9: problem queries do not refetch by themselves).
   */
  liveProblemTotals?: boolean;
}

/**
 * The shell's server data. What a monitoring screen must still show when the server is away (licence, banners,
 * system and program status, the wallboard's problem totals) is stored per user with its fetch time.
 */
export function createShellData(
  http: Pick<HttpClient, 'get' | 'getText'>,
  { createResource }: Pick<ResourceRegistry, 'createResource'>,
  storage?: ResourceStorage,
  { liveProblemTotals = false }: ShellDataOptions = {},
): ShellData {
  const stored = storage ? { persist: true, storage } : {};
  const totals = liveProblemTotals ? { pollInterval: 30_000, ...stored } : { staleTime: Infinity };
  return {
    productName: createResource<ProductName>({
      key: 'product.name',
      load: (signal) => http.get<ProductName>('api/v2/product/name', { signal }),
      staleTime: HOUR,
      ...stored,
    }),
    productVersion: createResource<ProductVersion>({
      key: 'product.version',
      load: (signal) => http.get<ProductVersion>('api/v2/product/version', { signal }),
      staleTime: HOUR,
      ...stored,
    }),
    productUpdate: createResource<ProductUpdate>({
      key: 'product.update',
      load: (signal) => http.get<ProductUpdate>('api/v2/product/update', { signal }),
      staleTime: HOUR,
    }),
    branding: createResource<Branding>({
      key: 'product.branding',
      load: (signal) => http.get<Branding>('api/v2/product/branding', { signal }),
      staleTime: HOUR,
      ...stored,
    }),
    // Spec 4: the licence starts from the defaults and is replaced by the server's answer.
    license: createResource<LicenseState>({
      key: 'product.license',
      load: async (signal) => ({ ...DEFAULT_LICENSE, ...(await http.get<Partial<LicenseState>>('api/v2/product/license', { signal })) }),
      pollInterval: 5 * 60_000,
      ...stored,
    }),
    systemStatus: createResource<SystemStatus>({
      key: 'status.system',
      load: (signal) => http.get<SystemStatus>('api/v2/status/system', { signal }),
      pollInterval: 30_000,
      ...stored,
    }),
    programStatus: createResource<ProgramStatus>({
      key: 'status.program',
      load: (signal) => http.get<ProgramStatus>('api/v2/status/program', { signal }),
      pollInterval: 30_000,
      ...stored,
    }),
    banners: createResource<BannerMessage[]>({
      key: 'banners.active',
      load: async (signal) => {
        const list = await http.get<BannerMessage[] | null>(BANNER_HELPER, { params: { action: 'retrieve_active_banner_messages' }, signal });
        return Array.isArray(list) ? list : [];
      },
      pollInterval: 5 * 60_000,
      ...stored,
    }),
    // The tray alert is an HTML fragment from a state-changing ajaxhelper GET, so it carries nsp (spec 7).
    trayAlert: createResource<string>({
      key: 'tray.alert',
      load: (signal) => http.getText('ajaxhelper.php', {
        params: { cmd: 'getxicoreajax', opts: JSON.stringify({ func: 'get_tray_alert_html' }) },
        write: true,
        probe: true,
        signal,
      }),
      pollInterval: 60_000,
      ...stored,
    }),
    hostProblems: createResource<Totals>({
      key: 'status.totals.host',
      load: (signal) => http.get<Totals>('api/v2/status/host', { params: UNHANDLED_HOSTS, signal }),
      ...totals,
    }),
    serviceProblems: createResource<Totals>({
      key: 'status.totals.service',
      load: (signal) => http.get<Totals>('api/v2/status/service', { params: UNHANDLED_SERVICES, signal }),
      ...totals,
    }),
  };
}

export const ShellDataContext = createModelContext<ShellData>('ShellData');
export const useShellData = ShellDataContext.use;

export function acknowledgeBanner(http: Pick<HttpClient, 'post'>, id: string): Promise<unknown> {
  return http.post(BANNER_HELPER, { action: 'acknowledge_banner_message', id });
}

/** Spec 4: dismissing a licence notice sets ignore_{kind}_notice on the session, then refreshes the licence. */
export async function ignoreLicenseNotice(
  http: Pick<HttpClient, 'get'>,
  license: Resource<LicenseState>,
  kind: 'trial' | 'free' | 'promo',
): Promise<void> {
  await http.get('ajaxhelper.php', { params: { cmd: 'setsessionvars', opts: JSON.stringify({ [`ignore_${kind}_notice`]: 1 }) }, write: true });
  await license.refresh();
}
