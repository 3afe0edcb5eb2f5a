import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { rollUpAllDays } from './historyDays.js';
import type { Dialect } from './store.js';
import type { Tables } from './tables.js';

/** One schema step, written once for both engines with the query layer's schema builder. */
export interface Migration {
  name: string;
  up(db: Kysely<Tables>, dialect: Dialect): Promise<void>;
}

type Table = CreateTableBuilder<string, never>;

/** An integer key the engine numbers itself: SQLite's rowid alias, PostgreSQL's serial. */
const id = (t: Table, dialect: Dialect): Table => t.addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) => c.primaryKey());
/** Milliseconds since the epoch overflow PostgreSQL's 32-bit integer. */
const TIME = 'bigint';
/** A row that belongs to a row of `table` and goes with it. */
const owner = (table: string) => (c: ColumnDefinitionBuilder) => c.references(`${table}.id`).onDelete('cascade').notNull();

/**
 * Append only: never edit a migration that has shipped. The first one is the schema SQLite installations reached
 * through their five older steps (db/sqliteLegacy.ts adopts those).
 */
export const MIGRATIONS: Migration[] = [
  {
    name: 'baseline',
    async up(db, dialect) {
      const s = db.schema;
      await id(s.createTable('users'), dialect)
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_authorized_for_monitoring_system', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_configure_objects', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_access_ccm', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('can_auto_deploy', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('theme', 'text', (c) => c.notNull().defaultTo('neptune'))
        .addColumn('language', 'text', (c) => c.notNull().defaultTo('en_US'))
        .addColumn('created_at', TIME, (c) => c.notNull())
        .execute();
      await s.createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('nsp', 'text', (c) => c.notNull())
        .addColumn('xsrf', 'text', (c) => c.notNull())
        .addColumn('vars', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('last_seen', TIME, (c) => c.notNull())
        .execute();
      await s.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await s.createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await s.createTable('user_meta')
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('value', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_meta_pk', ['user_id', 'key'])
        .execute();
      await id(s.createTable('banners'), dialect)
        .addColumn('message', 'text', (c) => c.notNull())
        .addColumn('color', 'text', (c) => c.notNull().check(sql`color IN ('info','success','warning','critical')`))
        .addColumn('acknowledgeable', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('created_at', TIME, (c) => c.notNull())
        .execute();
      await s.createTable('banner_acks')
        .addColumn('banner_id', 'integer', owner('banners'))
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('acked_at', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('banner_acks_pk', ['banner_id', 'user_id'])
        .execute();
      await s.createTable('favorites')
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('item_key', 'text', (c) => c.notNull())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull().defaultTo('maincontentframe'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'item_key'])
        .execute();
      await id(s.createTable('views'), dialect)
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await s.createIndex('views_user').on('views').columns(['user_id', 'position']).execute();
      await s.createTable('dashboards')
        .addColumn('id', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('background', 'text', (c) => c.notNull().defaultTo('131b25'))
        .addColumn('transparent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('dashlets', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('dashboards_pk', ['user_id', 'id'])
        .execute();
      await id(s.createTable('tools'), dialect)
        .addColumn('scope', 'text', (c) => c.notNull().check(sql`scope IN ('personal','common')`))
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .execute();
      await s.createIndex('tools_scope_owner').on('tools').columns(['scope', 'owner_id']).execute();
      await id(s.createTable('feedback_outbox'), dialect)
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('email', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('feedback', 'text', (c) => c.notNull())
        .addColumn('target_url', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('delivered_at', TIME)
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', TIME, (c) => c.notNull().defaultTo(0))
        .execute();
      await s.createIndex('feedback_outbox_pending').on('feedback_outbox').columns(['delivered_at', 'next_attempt_at']).execute();
      await id(s.createTable('displays'), dialect)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('params', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('token_hash', 'text', (c) => c.unique())
        .addColumn('nsp', 'text', (c) => c.notNull())
        .addColumn('xsrf', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('last_seen', TIME)
        .addColumn('info', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('commands', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await s.createTable('display_pairings')
        .addColumn('code', 'text', (c) => c.primaryKey())
        .addColumn('secret_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('expires_at', TIME, (c) => c.notNull())
        .addColumn('display_id', 'integer', (c) => c.references('displays.id').onDelete('cascade'))
        .execute();
      await id(s.createTable('audit_log'), dialect)
        .addColumn('at', TIME, (c) => c.notNull())
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('address', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('object', 'text', (c) => c.notNull())
        .execute();
      await s.createIndex('audit_log_user').on('audit_log').columns(['username', 'id']).execute();
      await id(s.createTable('page_schedules'), dialect)
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('frequency', 'text', (c) => c.notNull())
        .addColumn('at_time', 'text', (c) => c.notNull())
        .addColumn('weekday', 'integer')
        .addColumn('monthday', 'integer')
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('next_run_at', TIME, (c) => c.notNull())
        .execute();
      await s.createIndex('page_schedules_user').on('page_schedules').columns(['user_id', 'id']).execute();
      await s.createIndex('page_schedules_due').on('page_schedules').column('next_run_at').execute();
      await id(s.createTable('schedule_outbox'), dialect)
        .addColumn('schedule_id', 'integer', (c) => c.references('page_schedules.id').onDelete('set null'))
        .addColumn('user_id', 'integer', owner('users'))
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('recipients', 'text', (c) => c.notNull())
        .addColumn('format', 'text', (c) => c.notNull())
        .addColumn('due_at', TIME, (c) => c.notNull())
        .addColumn('created_at', TIME, (c) => c.notNull())
        .addColumn('delivered_at', TIME)
        .execute();
      await s.createIndex('schedule_outbox_user').on('schedule_outbox').columns(['user_id', 'id']).execute();
    },
  },
  {
    // User names are unique whatever their case, in both engines (SQLite's old schema did it with COLLATE NOCASE).
    name: 'usernames-any-case',
    async up(db) {
      await db.schema.createIndex('users_username_lower').ifNotExists().unique().on('users').expression(sql`lower(username)`).execute();
    },
  },
  {
    // Limits that must hold across processes (issue 22): counted in the database, not in one process's memory.
    name: 'cluster-wide-limits',
    async up(db, dialect) {
      await db.schema.createTable('login_failures')
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addColumn('locked_until', TIME, (c) => c.notNull())
        .addColumn('last_failure', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('login_failures_pk', ['kind', 'key'])
        .execute();
      await db.schema.createIndex('login_failures_last').on('login_failures').column('last_failure').execute();
      await id(db.schema.createTable('rate_events'), dialect)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('at', TIME, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_events_key').on('rate_events').columns(['kind', 'key', 'at']).execute();
    },
  },
  {
    // The change feed shared by every process (issue 22): the same cursor means the same thing wherever it lands.
    name: 'shared-alert-feed',
    async up(db, dialect) {
      await db.schema.createTable('alert_feed')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('run', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('updated', TIME, (c) => c.notNull())
        .addColumn('problems', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createTable('alert_changes')
        .addColumn('seq', dialect === 'postgres' ? 'serial' : 'integer', (c) => c.primaryKey())
        .addColumn('body', 'text', (c) => c.notNull())
        .execute();
    },
  },
  {
    // What happened and for how long (issue 37): every state change, acknowledgement, downtime and flapping start and
    // end of every host and service. `service` is '' for a host and `phase` '' for a state, so the unique key (which
    // keeps a restart or a second process from recording a change twice) holds for them too.
    name: 'state-history',
    async up(db, dialect) {
      await id(db.schema.createTable('state_history'), dialect)
        .addColumn('time', TIME, (c) => c.notNull())
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('service', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('phase', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('state', 'integer', (c) => c.notNull())
        .addColumn('state_type', 'integer', (c) => c.notNull())
        .addColumn('output', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('state_history_object').unique().on('state_history')
        .columns(['engine', 'host', 'service', 'type', 'time', 'state', 'state_type', 'phase']).execute();
      await db.schema.createIndex('state_history_time').on('state_history').columns(['time', 'id']).execute();
    },
  },
  {
    // Users can be disabled from Manage Users (issue 38): the account, its views and dashboards stay, but it cannot sign in.
    name: 'user-disabled',
    async up(db) {
      await db.schema.alterTable('users').addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    },
  },
  {
    // The state history's coverage per engine (issue 37): up to when each engine's history is complete (from its
    // snapshots or its own log), so a restart reads the engine's log from there; and the stretches nobody watched an
    // engine that keeps no log (Pharos was not running), which availability counts as no data.
    name: 'history-coverage',
    async up(db) {
      await db.schema.createTable('history_engines')
        .addColumn('engine', 'text', (c) => c.primaryKey())
        .addColumn('recorded_to', TIME, (c) => c.notNull())
        .execute();
      await db.schema.createTable('history_gaps')
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('start_time', TIME, (c) => c.notNull())
        .addColumn('end_time', TIME, (c) => c.notNull())
        .addPrimaryKeyConstraint('history_gaps_key', ['engine', 'start_time'])
        .execute();
    },
  },
  {
    // One object's or one host's history (issue 37: the history of an object, availability of a host or a group)
    // without reading the whole fleet's: by host, service and time.
    name: 'state-history-by-object',
    async up(db) {
      await db.schema.createIndex('state_history_host').on('state_history').columns(['host', 'service', 'time']).execute();
    },
  },
  {
    // The by-object index holds every column availability reads (issue 37's bench: a year of one object read 52,000
    // rows from the table one by one), so those queries never leave the index.
    name: 'state-history-by-object-covering',
    async up(db) {
      await db.schema.dropIndex('state_history_host').execute();
      await db.schema.createIndex('state_history_object_time').on('state_history')
        .columns(['host', 'service', 'time', 'type', 'state', 'engine']).execute();
    },
  },
  {
    // Daily rollups of the state history (issue 37's bench: a group's month of availability summed 2.4 million entries):
    // per object and UTC day, seconds per state and the day's last entry (db/historyDays.ts), filled here from the
    // entries already recorded and kept by every write and prune after. And an index of the other entries by type.
    name: 'state-history-days',
    async up(db, dialect) {
      const table = db.schema.createTable('state_history_days')
        .addColumn('host', 'text', (c) => c.notNull())
        .addColumn('service', 'text', (c) => c.notNull())
        .addColumn('engine', 'text', (c) => c.notNull())
        .addColumn('day', TIME, (c) => c.notNull())
        .addColumn('first_time', TIME, (c) => c.notNull())
        .addColumn('last_time', TIME, (c) => c.notNull())
        .addColumn('end_state', 'integer', (c) => c.notNull())
        .addColumn('s_nodata', 'integer', (c) => c.notNull())
        .addColumn('s0', 'integer', (c) => c.notNull())
        .addColumn('s1', 'integer', (c) => c.notNull())
        .addColumn('s2', 'integer', (c) => c.notNull())
        .addColumn('s3', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('state_history_days_key', ['host', 'service', 'engine', 'day']);
      // On SQLite the rows live in their key's b-tree, not in a second copy beside it (a row for nearly every entry of
      // an object changing every few weeks).
      await (dialect === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table).execute();
      await db.schema.createIndex('state_history_days_day').on('state_history_days').column('day').execute();
      // Time in downtime and acknowledged (the availability page and API) reads those entries by type and time, never
      // the state changes' millions.
      await db.schema.createIndex('state_history_flags').on('state_history').columns(['type', 'time', 'id'])
        .where('type', '<>', 'state').execute();
      await rollUpAllDays(db);
    },
  },
];
