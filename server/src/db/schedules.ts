import type { Db } from './database.js';

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

export interface OutboxEntry { id: number; scheduleId: number | null; url: string; recipients: string[]; format: ScheduleFormat; dueAt: number; createdAt: number; deliveredAt: number | null }

interface ScheduleRow {
  id: number; user_id: number; url: string; frequency: Frequency; at_time: string; weekday: number | null; monthday: number | null;
  recipients: string; format: ScheduleFormat; created_at: number; next_run_at: number;
}

interface OutboxRow { id: number; schedule_id: number | null; url: string; recipients: string; format: ScheduleFormat; due_at: number; created_at: number; delivered_at: number | null }

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
    id: r.id, userId: r.user_id, url: r.url, frequency: r.frequency, time: r.at_time,
    weekday: r.weekday ?? undefined, monthday: r.monthday ?? undefined,
    recipients: r.recipients.split(','), format: r.format, createdAt: r.created_at, nextRunAt: r.next_run_at,
  };
}

export function listSchedules(db: Db, userId: number): Schedule[] {
  return (db.prepare('SELECT * FROM page_schedules WHERE user_id = ? ORDER BY id').all(userId) as ScheduleRow[]).map(toSchedule);
}

export function countSchedules(db: Db, userId: number): number {
  return (db.prepare('SELECT COUNT(*) AS n FROM page_schedules WHERE user_id = ?').get(userId) as { n: number }).n;
}

export function addSchedule(db: Db, userId: number, s: NewSchedule, now = Date.now()): number {
  const info = db.prepare(`INSERT INTO page_schedules (user_id, url, frequency, at_time, weekday, monthday, recipients, format, created_at, next_run_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(userId, s.url, s.frequency, s.time,
    s.frequency === 'weekly' ? s.weekday ?? 1 : null, s.frequency === 'monthly' ? s.monthday ?? 1 : null,
    s.recipients.join(','), s.format, now, nextRunAt(s, now));
  return Number(info.lastInsertRowid);
}

/** Only the owner's own schedule; false when there is none with that id for this user. */
export function deleteSchedule(db: Db, userId: number, id: number): boolean {
  return db.prepare('DELETE FROM page_schedules WHERE id = ? AND user_id = ?').run(id, userId).changes > 0;
}

/**
 * Records one outbox entry for every schedule that is due and moves it to its next send time. A server that was
 * down over several send times records one delivery, not a burst of stale ones.
 */
export function recordDueDeliveries(db: Db, now = Date.now()): number {
  const due = (db.prepare('SELECT * FROM page_schedules WHERE next_run_at <= ? ORDER BY next_run_at').all(now) as ScheduleRow[]).map(toSchedule);
  const insert = db.prepare(`INSERT INTO schedule_outbox (schedule_id, user_id, url, recipients, format, due_at, created_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const advance = db.prepare('UPDATE page_schedules SET next_run_at = ? WHERE id = ?');
  db.transaction(() => {
    for (const s of due) {
      insert.run(s.id, s.userId, s.url, s.recipients.join(','), s.format, s.nextRunAt, now);
      advance.run(nextRunAt(s, now), s.id);
    }
  })();
  return due.length;
}

export function listOutbox(db: Db, userId: number, limit = 20): OutboxEntry[] {
  return (db.prepare('SELECT * FROM schedule_outbox WHERE user_id = ? ORDER BY id DESC LIMIT ?').all(userId, limit) as OutboxRow[]).map((r) => ({
    id: r.id, scheduleId: r.schedule_id, url: r.url, recipients: r.recipients.split(','), format: r.format,
    dueAt: r.due_at, createdAt: r.created_at, deliveredAt: r.delivered_at,
  }));
}
