import type { Generated } from 'kysely';

/**
 * Every table as the query layer sees it, for both engines. Flags are 0/1 integers and times are milliseconds since
 * the epoch (a `bigint` column in PostgreSQL, read back as a number), so rows look the same whichever engine stored them.
 */
export interface Tables {
  users: {
    id: Generated<number>;
    username: string;
    password_hash: string;
    is_admin: Generated<number>;
    is_authorized_for_monitoring_system: Generated<number>;
    can_configure_objects: Generated<number>;
    can_access_ccm: Generated<number>;
    can_auto_deploy: Generated<number>;
    theme: Generated<string>;
    language: Generated<string>;
    created_at: number;
    /** 1: cannot sign in (Manage Users); everything the user owns stays. */
    disabled: Generated<number>;
  };
  sessions: { id: string; user_id: number; nsp: string; xsrf: string; vars: Generated<string>; created_at: number; last_seen: number };
  settings: { key: string; value: string };
  user_meta: { user_id: number; key: string; value: string };
  banners: {
    id: Generated<number>;
    message: string;
    color: 'info' | 'success' | 'warning' | 'critical';
    acknowledgeable: Generated<number>;
    active: Generated<number>;
    created_at: number;
  };
  banner_acks: { banner_id: number; user_id: number; acked_at: number };
  favorites: { user_id: number; item_key: string; title: string; path: string; target: Generated<string>; position: Generated<number> };
  views: { id: Generated<number>; user_id: number; title: string; url: string; position: Generated<number> };
  dashboards: {
    id: string;
    user_id: number;
    title: string;
    background: Generated<string>;
    transparent: Generated<number>;
    dashlets: Generated<string>;
    created_at: number;
  };
  tools: { id: Generated<number>; scope: 'personal' | 'common'; owner_id: number | null; name: string; url: string; created_at: number };
  feedback_outbox: {
    id: Generated<number>;
    user_id: number | null;
    name: Generated<string>;
    email: Generated<string>;
    feedback: string;
    target_url: string;
    created_at: number;
    attempts: Generated<number>;
    delivered_at: number | null;
    last_error: string | null;
    next_attempt_at: Generated<number>;
  };
  displays: {
    id: Generated<number>;
    name: string;
    user_id: number;
    params: Generated<string>;
    token_hash: string | null;
    nsp: string;
    xsrf: string;
    created_at: number;
    last_seen: number | null;
    info: Generated<string>;
    commands: Generated<string>;
  };
  display_pairings: { code: string; secret_hash: string; created_at: number; expires_at: number; display_id: number | null };
  audit_log: { id: Generated<number>; at: number; username: string; address: string; action: string; object: string };
  page_schedules: {
    id: Generated<number>;
    user_id: number;
    url: string;
    frequency: string;
    at_time: string;
    weekday: number | null;
    monthday: number | null;
    recipients: string;
    format: string;
    created_at: number;
    next_run_at: number;
  };
  schedule_outbox: {
    id: Generated<number>;
    schedule_id: number | null;
    user_id: number;
    url: string;
    recipients: string;
    format: string;
    due_at: number;
    created_at: number;
    delivered_at: number | null;
  };
  /** Failed logins per account name or address (auth/loginThrottle.ts), shared by every process. */
  login_failures: { kind: 'account' | 'address'; key: string; failures: number; locked_until: number; last_failure: number };
  /** Counted requests for sliding-window limits (pairing codes per address), shared by every process. */
  rate_events: { id: Generated<number>; kind: string; key: string; at: number };
  /** The alert problems as last recorded, so every process diffs against the same list (monitoring/changeFeed.ts). */
  alert_feed: { id: number; run: string; seq: number; updated: number; problems: string };
  /** The change feed's log: one row per change, numbered for every process alike. */
  alert_changes: { seq: Generated<number>; body: string };
  /**
   * State changes, acknowledgements, downtimes and flapping of every host and service (monitoring/history.ts); `time`
   * is UNIX seconds, `service` '' for a host, `phase` 'start'/'end' for all but state changes ('').
   */
  state_history: {
    id: Generated<number>; time: number; engine: string; host: string; service: string; type: string; phase: string;
    state: number; state_type: number; output: string;
  };
  /**
   * Per object and UTC day with state entries (db/historyDays.ts): from the day's first entry (`first_time`) to its
   * end, the seconds in each state (`s_nodata` for NODATA, `s0`…`s3` for the state codes), and the day's last entry's
   * time and state, which hold until the object's next entry.
   */
  state_history_days: {
    host: string; service: string; engine: string; day: number; first_time: number; last_time: number; end_state: number;
    s_nodata: number; s0: number; s1: number; s2: number; s3: number;
  };
  /** Per engine: UNIX seconds up to which its state history is complete. */
  history_engines: { engine: string; recorded_to: number };
  /** Times nobody watched an engine without a readable log: no data in availability. */
  history_gaps: { engine: string; start_time: number; end_time: number };
  pharos_migrations: { version: number; name: string; applied_at: number };
}
