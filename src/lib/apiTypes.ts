/** The server contract as the app sees it (spec sections 3 and 7; docs/api.md has examples). */

export interface AuthRecord {
  nsp: string;
  username: string;
  isAdmin: boolean;
  isAuthorizedForMonitoringSystem: boolean;
  canConfigureObjects: boolean;
  canAccessCCM: boolean;
  canAutoDeploy: boolean;
  /** The server's time zone (IANA), the one its pages write times in; clock times in the app follow it (issue 35). */
  timeZone?: string;
}

export const EMPTY_AUTH: AuthRecord = {
  nsp: '', username: '', isAdmin: false, isAuthorizedForMonitoringSystem: false, canConfigureObjects: false, canAccessCCM: false, canAutoDeploy: false,
};

export type SectionId = 'home' | 'views' | 'dashboards' | 'reports' | 'config' | 'tools' | 'help' | 'admin' | 'account' | 'ccm' | 'enterprise';

/** `_top`: navigate the whole app; `maincontentframe`: load in the content frame; anything else: a normal link (new tab when `_blank`). */
export type MenuTarget = '_top' | 'maincontentframe' | '_blank' | '';

/** Entries the shell renders with behaviour of its own (spec 2.10). */
export type MenuEntryKind = 'link' | 'addDashboard' | 'rotateViews' | 'addView' | 'favorite' | 'dashboard' | 'view' | 'tool';

export interface MenuEntry {
  id: string;
  /** Relative to the base (no leading slash) unless it is an absolute http(s) URL; `#` for entries that are not links. */
  path: string;
  label: string;
  target: MenuTarget;
  icon: string;
  kind: MenuEntryKind;
}

export interface MenuGroup {
  id: string;
  label: string;
  entries: MenuEntry[];
}

export interface MenuSection {
  id: SectionId;
  label: string;
  /** The section's root route relative to the base: '' for home, 'views/' … */
  path: string;
  /** The page the content frame shows when no xiwindow is given, relative to the base. */
  defaultPath: string;
  icon: string;
  groups: MenuGroup[];
}

/** Keyed by section id, in display order. */
export type Menu = Partial<Record<SectionId, MenuSection>>;

export interface Bootstrap { ajaxProxyUrl: string; backendUrl: string; baseUrl: string }

export interface BannerMessage { msg_id: string; message: string; banner_color: string; acknowledgeable: string }

export interface LicenseState {
  is_invalid_license: boolean;
  is_enterprise_license: boolean;
  has_trialed_enterprise_features: boolean;
  is_trial_license: boolean;
  trial_notice_ignore: boolean;
  trial_days_left: number;
  is_free_license: boolean;
  free_notice_ignored: boolean;
  is_25_year_celebration_license: boolean;
  promo_notice_ignored: boolean;
  is_core_services_platform_license: boolean;
  core_services_platform_notice_ignored: boolean;
  is_license_activated: boolean;
  is_license_exceeded: boolean;
  has_activation_key: boolean;
  is_enterprise_maintenance_expired: boolean;
  is_enterprise_trial: boolean;
  enterprise_days_left: number;
  is_custom_branding: boolean;
  product_name: string;
}

export interface ProductName { display_full_name: string }
export interface ProductVersion { version: string }
export interface ProductUpdate { update_url: string; recordcount: number; hide_updates: boolean; lastUpdateCheckSucceeded: boolean; latest_version: string }
export interface Branding { copyright: string; hide_about: boolean; hide_legal: boolean; hide_footer_left: boolean }

export type Theme = 'neptune' | 'neptunelight' | 'neptunecolorblind';

export interface Totals { recordcount: number }

/** Spec 3; `engine` names the object's engine once several engines are configured (issue 21). */
export interface SearchSuggestion { category: string; url: string; value: string; label: string; engine?: string }

export interface Dashboard { id: string; title: string; opts: { background: string; transparent: 0 | 1 } }
export interface Tool { id: number; name: string; url: string; href: string }

export interface DaemonStatus { id: string; name: string; return_code: number; status: string; display_name: string; display_status: string; display_running: boolean }
export interface CheckCounts { val1: number; val5: number; val15: number }

/** `monitoring` in the system status: the age of the monitoring data and why newer data was refused. */
/** One engine behind the server (several with PHAROS_ENGINES); `stale` means not answering: its rows are kept but not counted. */
export interface EngineState {
  name: string;
  kind: string;
  address: string;
  state: 'ok' | 'failing' | 'stale';
  /** UNIX seconds of its data (0: none yet) and seconds since then (null before any data). */
  updated: number;
  age: number | null;
  reason: string | null;
}

export interface MonitoringDataStatus {
  source: 'demo' | 'nagios' | 'livestatus' | 'engines';
  /** UNIX seconds of the data in use (0: none yet). */
  updated: number;
  /** Seconds since `updated`; null before any data. */
  age: number | null;
  /** Why the newest data was refused (incomplete or missing status file), so the last good data is shown; null when fine. */
  problem: string | null;
  /** Every engine with its state and data age; absent from servers before several engines were supported. */
  engines?: EngineState[];
}

export interface SystemStatus {
  monitoring?: MonitoringDataStatus;
  daemons: { updated: number; daemon: DaemonStatus[] };
  nagioscore: { updated: number; activehostchecks: CheckCounts; passivehostchecks: CheckCounts; activeservicechecks: CheckCounts; passiveservicechecks: CheckCounts };
  load: { load1: number; load5: number; load15: number };
  memory: { total: number; used: number; free: number; shared: number; buffers: number; cached: number };
  swap: { total: number; used: number; free: number };
  iostat: { user: number; nice: number; system: number; iowait: number; steal: number; idle: number };
}

export interface ProgramStatus {
  active_host_checks_enabled: number;
  active_service_checks_enabled: number;
  notifications_enabled: number;
  is_currently_running: number;
  program_start_time: number;
  status_update_time: number;
  [field: string]: number | string;
}

/**
 * `api/v2/status/changes` (issue 10): a problem worth interrupting a wall for — hard, unhandled, a host down or
 * unreachable, or a service critical on an up, unhandled host.
 */
export interface AlertProblem {
  host_name: string;
  service_description?: string;
  current_state: number;
  output: string;
  /** When the object entered this state (UNIX seconds): the same object failing again later is a new problem. */
  last_state_change: number;
  /** The engine it is on, once several engines are configured. */
  engine?: string;
  /** Present while its engine is not answering: UNIX seconds of that engine's last data. */
  stale?: number;
}

export type AlertChange = { kind: 'problem'; problem: AlertProblem } | { kind: 'cleared'; host_name: string; service_description?: string; engine?: string };

export interface AlertChanges {
  cursor: string;
  /** The server's time of this answer (UNIX seconds); absent from servers before it was added. */
  now?: number;
  /** Every change since the cursor, oldest first; absent when `problems` is sent instead. */
  changes?: AlertChange[];
  /** The whole current list: on a first call, or when the cursor is too old or from an earlier server run. */
  problems?: AlertProblem[];
}
