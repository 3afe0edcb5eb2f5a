import type Database from 'better-sqlite3';

/**
 * The five steps SQLite installations took before the storage layer served two engines, recorded in
 * `user_version`. Kept so an older data dir still opens: adoptLegacySchema finishes them and hands over to
 * db/migrations.ts, whose baseline is where these end. Never add to this list.
 */
const LEGACY_STEPS: string[] = [
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    is_admin INTEGER NOT NULL DEFAULT 0,
    is_authorized_for_monitoring_system INTEGER NOT NULL DEFAULT 0,
    can_configure_objects INTEGER NOT NULL DEFAULT 0,
    can_access_ccm INTEGER NOT NULL DEFAULT 0,
    can_auto_deploy INTEGER NOT NULL DEFAULT 0,
    theme TEXT NOT NULL DEFAULT 'neptune',
    language TEXT NOT NULL DEFAULT 'en_US',
    created_at INTEGER NOT NULL
  );
  CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    nsp TEXT NOT NULL,
    xsrf TEXT NOT NULL,
    vars TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL,
    last_seen INTEGER NOT NULL
  );
  CREATE INDEX sessions_user ON sessions(user_id);
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  CREATE TABLE user_meta (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    key TEXT NOT NULL,
    value TEXT NOT NULL,
    PRIMARY KEY (user_id, key)
  );
  CREATE TABLE banners (
    id INTEGER PRIMARY KEY,
    message TEXT NOT NULL,
    color TEXT NOT NULL CHECK (color IN ('info','success','warning','critical')),
    acknowledgeable INTEGER NOT NULL DEFAULT 1,
    active INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL
  );
  CREATE TABLE banner_acks (
    banner_id INTEGER NOT NULL REFERENCES banners(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    acked_at INTEGER NOT NULL,
    PRIMARY KEY (banner_id, user_id)
  );
  CREATE TABLE favorites (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    item_key TEXT NOT NULL,
    title TEXT NOT NULL,
    path TEXT NOT NULL,
    target TEXT NOT NULL DEFAULT 'maincontentframe',
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, item_key)
  );
  CREATE TABLE views (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    url TEXT NOT NULL,
    position INTEGER NOT NULL DEFAULT 0
  );
  CREATE TABLE dashboards (
    id TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    title TEXT NOT NULL,
    background TEXT NOT NULL DEFAULT '131b25',
    transparent INTEGER NOT NULL DEFAULT 0,
    dashlets TEXT NOT NULL DEFAULT '[]',
    created_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, id)
  );
  CREATE TABLE tools (
    id INTEGER PRIMARY KEY,
    scope TEXT NOT NULL CHECK (scope IN ('personal','common')),
    owner_id INTEGER REFERENCES users(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    url TEXT NOT NULL,
    created_at INTEGER NOT NULL
  );
  CREATE INDEX tools_scope_owner ON tools(scope, owner_id);
  CREATE TABLE feedback_outbox (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL,
    name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    feedback TEXT NOT NULL,
    target_url TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    delivered_at INTEGER,
    last_error TEXT
  );
  `,
  // Feedback outbox retries wait out a backoff; My Views list in a stable order per user.
  `
  ALTER TABLE feedback_outbox ADD COLUMN next_attempt_at INTEGER NOT NULL DEFAULT 0;
  CREATE INDEX feedback_outbox_pending ON feedback_outbox(delivered_at, next_attempt_at);
  CREATE INDEX views_user ON views(user_id, position);
  `,
  // Paired displays (issue 10): a device token per screen, stored only as its hash; pairing codes live ten minutes.
  `
  CREATE TABLE displays (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    params TEXT NOT NULL DEFAULT '',
    token_hash TEXT UNIQUE,
    nsp TEXT NOT NULL,
    xsrf TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    last_seen INTEGER,
    -- What the screen last reported (version, item, connection, screen size), as JSON.
    info TEXT NOT NULL DEFAULT '{}',
    -- Remote commands waiting for the screen's next report (identify, reload), as a JSON list.
    commands TEXT NOT NULL DEFAULT '[]'
  );
  CREATE TABLE display_pairings (
    code TEXT PRIMARY KEY,
    secret_hash TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    display_id INTEGER REFERENCES displays(id) ON DELETE CASCADE
  );
  `,
  // Audit log (enterprise): every login, logout, failed login and write.
  `
  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    username TEXT NOT NULL,
    address TEXT NOT NULL,
    action TEXT NOT NULL,
    object TEXT NOT NULL
  );
  CREATE INDEX audit_log_user ON audit_log(username, id);
  `,
  // Scheduled pages (spec 2.6): a user's page sent to recipients daily, weekly or monthly; deliveries are recorded in
  // an outbox (this server has no mail transport of its own).
  `
  CREATE TABLE page_schedules (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    frequency TEXT NOT NULL,
    at_time TEXT NOT NULL,
    weekday INTEGER,
    monthday INTEGER,
    recipients TEXT NOT NULL,
    format TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    next_run_at INTEGER NOT NULL
  );
  CREATE INDEX page_schedules_user ON page_schedules(user_id, id);
  CREATE INDEX page_schedules_due ON page_schedules(next_run_at);
  CREATE TABLE schedule_outbox (
    id INTEGER PRIMARY KEY,
    schedule_id INTEGER REFERENCES page_schedules(id) ON DELETE SET NULL,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    url TEXT NOT NULL,
    recipients TEXT NOT NULL,
    format TEXT NOT NULL,
    due_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    delivered_at INTEGER
  );
  CREATE INDEX schedule_outbox_user ON schedule_outbox(user_id, id);
  `,
];

/**
 * An installation from before db/migrations.ts: finish its old steps, then record the baseline as applied so the
 * shared migrations carry on from there. A fresh file (user_version 0) is left to the baseline.
 */
export function adoptLegacySchema(db: Database.Database): void {
  db.transaction(() => {
    if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'pharos_migrations'").get()) return;
    const from = db.pragma('user_version', { simple: true }) as number;
    if (from === 0) return;
    for (let step = from; step < LEGACY_STEPS.length; step++) db.exec(LEGACY_STEPS[step]!);
    db.pragma(`user_version = ${LEGACY_STEPS.length}`);
    db.exec('CREATE TABLE pharos_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)');
    db.prepare("INSERT INTO pharos_migrations (version, name, applied_at) VALUES (1, 'baseline', ?)").run(Date.now());
  }).immediate();
}
