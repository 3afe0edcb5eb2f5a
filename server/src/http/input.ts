import type { FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';

export type Fields = Record<string, unknown>;

function asRecord(value: unknown): Fields {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

/** Query and body together (body wins): writes come form-encoded, some helpers pass everything in the query. */
export function fieldsOf(req: FastifyRequest): Fields {
  return { ...asRecord(req.query), ...asRecord(req.body) };
}

interface StringRule { required?: boolean; max?: number; min?: number; pattern?: RegExp; patternHint?: string }

export function str(fields: Fields, name: string, rule: StringRule & { required: true }): string;
export function str(fields: Fields, name: string, rule?: StringRule): string | undefined;
export function str(fields: Fields, name: string, rule: StringRule = {}): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null || value === '') {
    if (rule.required) throw badRequest(`The field '${name}' is required.`);
    return value === '' ? '' : undefined;
  }
  if (typeof value !== 'string') throw badRequest(`The field '${name}' must be text.`);
  const max = rule.max ?? 10_000;
  if (value.length > max) throw badRequest(`The field '${name}' must be at most ${max} characters.`);
  if (rule.min !== undefined && value.length < rule.min) throw badRequest(`The field '${name}' must be at least ${rule.min} characters.`);
  if (rule.pattern && !rule.pattern.test(value)) throw badRequest(rule.patternHint ?? `The field '${name}' is not valid.`);
  return value;
}

export function intField(fields: Fields, name: string, opts: { required: true; min?: number; max?: number }): number;
export function intField(fields: Fields, name: string, opts?: { required?: boolean; min?: number; max?: number }): number | undefined;
export function intField(fields: Fields, name: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
  const raw = fields[name];
  if (raw === undefined || raw === '') {
    if (opts.required) throw badRequest(`The field '${name}' is required.`);
    return undefined;
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(`The field '${name}' must be a whole number.`);
  if (opts.min !== undefined && n < opts.min) throw badRequest(`The field '${name}' must be at least ${opts.min}.`);
  if (opts.max !== undefined && n > opts.max) throw badRequest(`The field '${name}' must be at most ${opts.max}.`);
  return n;
}

/** Accepts 1/0, true/false, on/off as sent by forms. */
export function boolField(fields: Fields, name: string, fallback?: boolean): boolean {
  const raw = fields[name];
  if (raw === undefined || raw === '') {
    if (fallback === undefined) throw badRequest(`The field '${name}' is required.`);
    return fallback;
  }
  if (raw === true || raw === 1 || raw === '1' || raw === 'true' || raw === 'on') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false' || raw === 'off') return false;
  throw badRequest(`The field '${name}' must be 1 or 0.`);
}

export function jsonField(fields: Fields, name: string): Fields {
  const raw = str(fields, name, { required: true, max: 100_000 });
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
    return parsed as Fields;
  } catch {
    throw badRequest(`The field '${name}' must be a JSON object.`);
  }
}
