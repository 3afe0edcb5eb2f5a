import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest } from './errors.js';
import { t } from './language.js';

export type Fields = Record<string, unknown>;

/**
 * Control characters no stored text may hold, in any field of any request: NUL and the rest of C0 except tab,
 * line feed and carriage return, DEL and the C1 range. They hide text from people, cut strings short in other
 * programs (NUL) and corrupt line-based files such as the engine's command file.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Allowed only in fields that are multi-line by nature (`multiline: true`): feedback, imported files. */
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

const controlMessage = (name: string) =>
  t`The field '${name}' contains a control character (such as NUL), which is not allowed.`;

/** The refusal of a missing field, in the reader's language; the field's name stays as the form or JSON spells it. */
export const fieldRequired = (name: string): string => t`The field '${name}' is required.`;

/** The first text (value or key) in `value` holding a forbidden control character, as a field path; undefined if none. */
export function findControl(value: unknown, name: string, multiline = true): string | undefined {
  const stack: [unknown, string][] = [[value, name]];
  while (stack.length) {
    const [v, at] = stack.pop()!;
    if (typeof v === 'string') {
      if (CONTROL.test(v) || (!multiline && LINE_BREAK_OR_TAB.test(v))) return at;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (CONTROL.test(k) || LINE_BREAK_OR_TAB.test(k)) return `${at}.${k}`;
        stack.push([child, `${at}.${k}`]);
      }
    }
  }
  return undefined;
}

/** Form and query text: `+` is a space, every `%XX` must be valid percent-encoded UTF-8 or the whole request is refused. */
export function parseUrlEncoded(text: string, what: 'form' | 'query' = 'form'): Fields {
  const fields: Fields = {};
  if (text === '') return fields;
  const decode = (s: string): string => {
    try {
      return decodeURIComponent(s.replace(/\+/g, ' '));
    } catch {
      throw badRequest(`The ${what === 'form' ? 'form data' : 'address (query string)'} is not valid: it has a malformed percent-encoding (%) sequence.`);
    }
  };
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = decode(eq < 0 ? '' : part.slice(eq + 1));
    // Repeated names become a list, as with the default parser; fields that want text then refuse the list.
    const prev = Object.hasOwn(fields, key) ? fields[key] : undefined;
    const next = prev === undefined ? value : Array.isArray(prev) ? [...(prev as unknown[]), value] : [prev, value];
    Object.defineProperty(fields, key, { value: next, enumerable: true, writable: true, configurable: true });
  }
  return fields;
}

/**
 * The common input layer, for every route: a query with malformed percent-encoding is refused (forms are refused
 * by `parseUrlEncoded` as their body parser), and so is any request whose query or body carries a control
 * character in a name or value. `str()` adds the single-line rule per field.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (req) => {
    const q = req.url.indexOf('?');
    if (q >= 0) parseUrlEncoded(req.url.slice(q + 1), 'query');
  });
  app.addHook('preValidation', async (req) => {
    for (const [value, where] of [[req.query, 'query'], [req.body, 'body']] as const) {
      const at = findControl(value, where);
      if (at !== undefined) throw badRequest(controlMessage(at.replace(/^(query|body)\.?/, '') || where));
    }
  });
}

function asRecord(value: unknown): Fields {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Fields) : {};
}

/** Query and body together (body wins): writes come form-encoded, some helpers pass everything in the query. */
export function fieldsOf(req: FastifyRequest): Fields {
  return { ...asRecord(req.query), ...asRecord(req.body) };
}

interface StringRule {
  required?: boolean; max?: number; min?: number; pattern?: RegExp; patternHint?: string;
  /** Tabs and line breaks are allowed (multi-line texts); other control characters never are. */
  multiline?: boolean;
}

export function str(fields: Fields, name: string, rule: StringRule & { required: true }): string;
export function str(fields: Fields, name: string, rule?: StringRule): string | undefined;
export function str(fields: Fields, name: string, rule: StringRule = {}): string | undefined {
  const value = fields[name];
  if (value === undefined || value === null || value === '') {
    if (rule.required) throw badRequest(fieldRequired(name));
    return value === '' ? '' : undefined;
  }
  if (typeof value !== 'string') throw badRequest(t`The field '${name}' must be text.`);
  if (CONTROL.test(value)) throw badRequest(controlMessage(name));
  if (!rule.multiline && LINE_BREAK_OR_TAB.test(value)) {
    throw badRequest(t`The field '${name}' must be a single line: tabs and line breaks are not allowed.`);
  }
  const max = rule.max ?? 10_000;
  if (value.length > max) throw badRequest(t`The field '${name}' must be at most ${max} characters.`);
  if (rule.min !== undefined && value.length < rule.min) {
    throw badRequest(t`The field '${name}' must be at least ${rule.min} characters.`);
  }
  if (rule.pattern && !rule.pattern.test(value)) {
    throw badRequest(rule.patternHint ?? t`The field '${name}' is not valid.`);
  }
  return value;
}

export function intField(fields: Fields, name: string, opts: { required: true; min?: number; max?: number }): number;
export function intField(fields: Fields, name: string, opts?: { required?: boolean; min?: number; max?: number }): number | undefined;
export function intField(fields: Fields, name: string, opts: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
  const raw = fields[name];
  if (raw === undefined || raw === '') {
    if (opts.required) throw badRequest(fieldRequired(name));
    return undefined;
  }
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^-?\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n)) throw badRequest(t`The field '${name}' must be a whole number.`);
  if (opts.min !== undefined && n < opts.min) throw badRequest(t`The field '${name}' must be at least ${opts.min}.`);
  if (opts.max !== undefined && n > opts.max) throw badRequest(t`The field '${name}' must be at most ${opts.max}.`);
  return n;
}

/** Accepts 1/0, true/false, on/off as sent by forms. */
export function boolField(fields: Fields, name: string, fallback?: boolean): boolean {
  const raw = fields[name];
  if (raw === undefined || raw === '') {
    if (fallback === undefined) throw badRequest(fieldRequired(name));
    return fallback;
  }
  if (raw === true || raw === 1 || raw === '1' || raw === 'true' || raw === 'on') return true;
  if (raw === false || raw === 0 || raw === '0' || raw === 'false' || raw === 'off') return false;
  throw badRequest(t`The field '${name}' must be 1 or 0.`);
}

export function jsonField(fields: Fields, name: string): Fields {
  const raw = str(fields, name, { required: true, max: 100_000, multiline: true });
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw badRequest(t`The field '${name}' must be a JSON object.`);
  }
  // JSON escapes (\u0000) get past the request-wide check: look again at what they decode to.
  const at = findControl(parsed, name, false);
  if (at !== undefined) throw badRequest(controlMessage(at));
  return parsed as Fields;
}
