import { sql } from 'kysely';
import type { Store } from './store.js';

export const FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FORMATS = ['pdf', 'html'] as const;
export type ScheduleFormat = (typeof FORMATS)[number];
export const MAX_SCHEDULES_PER_USER = 50;
export const MAX_RECIPIENTS = 20;

/** When a page is sent: the time of day (server local time) and, per frequency, the weekday (0 = Sunday) or day of month. */
export interface ScheduleTiming {
  frequency: Frequency;
  /** "HH:MM", 24-hour. */
  time: string;
  weekday?: number | undefined;
  /** 1–31; a month without that day sends on its last day. */
  monthday?: number | undefined;
}

export interface NewSchedule extends ScheduleTiming {
  /** The page, relative to the base (as Page Actions passes it). */
  url: string;
  recipients: string[];
  format: ScheduleFormat;
}

export interface Schedule extends NewSchedule { id: number; userId: number; createdAt: number; nextRunAt: number }

export interface OutboxEntry { id: number; userId: number; username: string; scheduleId: number | null; url: string; recipients: string[]; format: ScheduleFormat; dueAt: number; createdAt: number; deliveredAt: number | null }

interface ScheduleRow {
  id: number; user_id: number; url: string; frequency: string; at_time: string; weekday: number | null; monthday: number | null;
  recipients: string; format: string; created_at: number; next_run_at: number;
}

interface OutboxRow { id: number; user_id: number; username: string | null; schedule_id: number | null; url: string; recipients: string; format: string; due_at: number; created_at: number; delivered_at: number | null }

function daysIn(year: number, month: number): number {
  return new Date(year, month + 1, 0).getDate();
}

/** The first send time strictly after `after` (epoch ms), in the server's local time. */
export function nextRunAt(timing: ScheduleTiming, after: number): number {
  const [hours, minutes] = timing.time.split(':').map(Number) as [number, number];
  const from = new Date(after);
  if (timing.frequency === 'monthly') {
    const wanted = timing.monthday ?? 1;
    for (let step = 0; step < 3; step++) {
      const year = from.getFullYear();
      const month = from.getMonth() + step;
      const day = Math.min(wanted, daysIn(year, month));
      const at = new Date(year, month, day, hours, minutes).getTime();
      if (at > after) return at;
    }
  }
  for (let days = 0; days <= 8; days++) {
    const at = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days, hours, minutes);
    if (at.getTime() <= after) continue;
    if (timing.frequency === 'weekly' && at.getDay() !== (timing.weekday ?? 1)) continue;
    return at.getTime();
  }
  throw new Error(`No next run for ${JSON.stringify(timing)}`);
}

function toSchedule(r: ScheduleRow): Schedule {
  return {
    id: r.id, userId: r.user_id, url: r.url, frequency: r.frequency as Frequency, time: r.at_time,
    weekday: r.weekday ?? undefined, monthday: r.monthday ?? undefined,
    recipients: r.recipients.split(','), format: r.format as ScheduleFormat, createdAt: r.created_at, nextRunAt: r.next_run_at,
  };
}

export async function listSchedules(store: Store, userId: number): Promise<Schedule[]> {
  const rows = await store.selectFrom('page_schedules').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  return rows.map(toSchedule);
}

export async function countSchedules(store: Store, userId: number): Promise<number> {
  const row = await store.selectFrom('page_schedules').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function addSchedule(store: Store, userId: number, s: NewSchedule, now = Date.now()): Promise<number> {
  const row = await store.insertInto('page_schedules').values({
    user_id: userId, url: s.url, frequency: s.frequency, at_time: s.time,
    weekday: s.frequency === 'weekly' ? s.weekday ?? 1 : null, monthday: s.frequency === 'monthly' ? s.monthday ?? 1 : null,
    recipients: s.recipients.join(','), format: s.format, created_at: now, next_run_at: nextRunAt(s, now),
  }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Only the owner's own schedule; false when there is none with that id for this user. */
export async function deleteSchedule(store: Store, userId: number, id: number): Promise<boolean> {
  const result = await store.deleteFrom('page_schedules').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Records one outbox entry for every schedule that is due and moves it to its next send time. A server that was
 * down over several send times records one delivery, not a burst of stale ones.
 */
export function recordDueDeliveries(store: Store, now = Date.now()): Promise<number> {
  // One transaction, and each schedule advances only from the send time read: two processes sharing a database
  // cannot both record the same send.
  return store.transaction().execute(async (trx) => {
    const rows = await trx.selectFrom('page_schedules').selectAll().where('next_run_at', '<=', now).orderBy('next_run_at').execute();
    let recorded = 0;
    for (const s of rows.map(toSchedule)) {
      const advanced = await trx.updateTable('page_schedules').set({ next_run_at: nextRunAt(s, now) })
        .where('id', '=', s.id).where('next_run_at', '=', s.nextRunAt).executeTakeFirst();
      if (advanced.numUpdatedRows === 0n) continue;
      await trx.insertInto('schedule_outbox').values({
        schedule_id: s.id, user_id: s.userId, url: s.url, recipients: s.recipients.join(','), format: s.format, due_at: s.nextRunAt, created_at: now,
      }).execute();
      recorded++;
    }
    return recorded;
  });
}

export interface OutboxFilter {
  /** Only these pages: entries whose page starts with one of them. */
  pages?: readonly string[];
  limit?: number;
}

/** Newest first; `userId` undefined: every user's. */
export async function listOutbox(store: Store, userId: number | undefined, filter: OutboxFilter | number = {}): Promise<OutboxEntry[]> {
  const { pages, limit = 20 } = typeof filter === 'number' ? { limit: filter } : filter;
  let query = store.selectFrom('schedule_outbox').leftJoin('users', 'users.id', 'schedule_outbox.user_id')
    .selectAll('schedule_outbox').select('users.username');
  if (userId !== undefined) query = query.where('schedule_outbox.user_id', '=', userId);
  // A prefix compared as text: no LIKE, whose wildcards a page's name could hold.
  if (pages) query = query.where((eb) => eb.or(pages.map((p) => eb(sql<string>`substr(url, 1, ${sql.lit(p.length)})`, '=', p))));
  const rows: OutboxRow[] = await query.orderBy('schedule_outbox.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({
    id: r.id, userId: r.user_id, username: r.username ?? '', scheduleId: r.schedule_id, url: r.url, recipients: r.recipients.split(','), format: r.format as ScheduleFormat,
    dueAt: r.due_at, createdAt: r.created_at, deliveredAt: r.delivered_at,
  }));
}

/**
 * "Send now": records one delivery of the owner's schedule at once, due now, without moving its next send time;
 * false when the user has no schedule with that id.
 */
export async function recordDeliveryNow(store: Store, userId: number, id: number, now = Date.now()): Promise<boolean> {
  const row = await store.selectFrom('page_schedules').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return false;
  await store.insertInto('schedule_outbox').values({
    schedule_id: row.id, user_id: row.user_id, url: row.url, recipients: row.recipients, format: row.format, due_at: now, created_at: now,
  }).execute();
  return true;
}
