import redaxios, { type Options, type Response } from 'redaxios';
import { withBase } from './base';
import { GATEWAY_DOWN } from './gatewayDown';
import { createModelContext } from './modelContext';

/** A failed call: `status` is the HTTP status (0 when the server could not be reached). */
export class ApiError extends Error {
  readonly status: number;
  /** The `message` field of the server's JSON error body, when it sent one. */
  readonly serverMessage?: string;
  /** When the server (or its proxy) said to ask again: its `Retry-After`, in milliseconds from now. */
  readonly retryAfterMs?: number;

  constructor(status: number, message: string, serverMessage?: string, retryAfterMs?: number) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    if (serverMessage !== undefined) this.serverMessage = serverMessage;
    if (retryAfterMs !== undefined) this.retryAfterMs = retryAfterMs;
  }
}

/** A `Retry-After` header in milliseconds from `now`: seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // An HTTP date starts with its day's name; Date.parse alone would read "-1" or "1.5" as years.
  if (!/^[A-Za-z]{3}\b/.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export type Params = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  params?: Params;
  signal?: AbortSignal;
  /** A GET that changes state on the server (ajaxhelper keepalive, setusermeta…): it carries nsp like any write. */
  write?: boolean;
  /** The connection model's own calls (keep-alive): sent even when writes are refused, to find out whether they may be. */
  probe?: boolean;
}

type NspSource = () => string | Promise<string>;

/** The service worker's mark on answers from its caches (sw/storedMark.ts). */
const STORED_HEADER = 'x-pharos-stored';

/** What a call came to, for the connection model: an answer, none (or 5xx), or a refused session. */
export type CallOutcome = 'ok' | 'unreachable' | 'unauthorized';

/** A write refused before sending because the app is not online: nothing reached the server. */
export class OfflineWriteError extends ApiError {
  constructor(message: string) {
    super(0, message, message);
    this.name = 'OfflineWriteError';
  }
}

export interface HttpHooks {
  /** Where writes get their session token from (the auth record). */
  nsp?: NspSource;
  /** Called on every 401: the session is gone. */
  onUnauthorized?: () => void;
  onOutcome?: (outcome: CallOutcome) => void;
  /** Writes are refused before sending unless this says yes; the message is what the user is told. */
  writeGate?: () => { allowed: true } | { allowed: false; message: string };
}

/** The redaxios instance one client sends through. */
type Transport = ReturnType<typeof redaxios.create>;

/** Relative paths are under the base; absolute paths and URLs pass through. */
function urlFor(path: string): string {
  return /^(https?:)?\/\//i.test(path) || path.startsWith('/') ? path : withBase(path);
}

function cleanParams(params: Params | undefined): Record<string, string> | undefined {
  if (!params) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = String(value);
  return out;
}

/**
 * A server that accepts the connection and then says nothing (paused, overloaded, a proxy holding on) must not look
 * like a slow answer forever: after this long the call fails as unreachable.
 */
export const REQUEST_TIMEOUT_MS = 15_000;

class Timeout extends Error {}

/**
 * redaxios does not pass an AbortSignal on, so the caller's signal and the timeout are added to its fetch call here.
 * (AbortSignal.any and AbortSignal.timeout are too new for the TV browsers the wallboard runs on.)
 */
function fetchWith(signal: AbortSignal | undefined): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) controller.abort();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, REQUEST_TIMEOUT_MS);
    try {
      return await fetch(input, { ...init, signal: controller.signal });
    } catch (error) {
      throw timedOut ? new Timeout('The server did not answer in time.') : error;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  };
}

function isRedaxiosResponse(value: unknown): value is Response<unknown> {
  return typeof value === 'object' && value !== null && 'status' in value && 'config' in value;
}

/** By name, because DOMException can come from another realm (tests, frames). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function toError(reason: unknown, hooks: () => HttpHooks): Error {
  if (isAbortError(reason)) return reason as Error;
  if (isRedaxiosResponse(reason)) {
    const body = reason.data;
    const serverMessage = typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string'
      ? (body as { message: string }).message
      : undefined;
    const error = new ApiError(reason.status, serverMessage ?? `Request failed with status ${reason.status}.`, serverMessage,
      retryAfterMs(reason.headers?.get('retry-after') ?? null));
    if (reason.status === 401) hooks().onUnauthorized?.();
    hooks().onOutcome?.(reason.status === 401 ? 'unauthorized' : GATEWAY_DOWN.has(reason.status) ? 'unreachable' : 'ok');
    return error;
  }
  hooks().onOutcome?.('unreachable');
  return new ApiError(0, reason instanceof Error ? reason.message : 'The server could not be reached.');
}

async function send<T>(
  client: Transport,
  /** Read at each step, so hooks replaced while a call is under way apply to the rest of it. */
  hooks: () => HttpHooks,
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  opts: RequestOptions,
  form?: Record<string, string>,
  extra?: Options,
): Promise<Response<T>> {
  const isWrite = method !== 'get' || opts.write === true;
  let params = cleanParams(opts.params);
  let body: URLSearchParams | undefined;
  if (isWrite && !opts.probe) {
    const gate = hooks().writeGate?.();
    if (gate && !gate.allowed) throw new OfflineWriteError(gate.message);
  }
  if (isWrite) {
    const nsp = await (hooks().nsp ?? (() => ''))();
    if (form) body = new URLSearchParams({ ...form, nsp });
    else params = { ...params, nsp };
  } else if (form) {
    body = new URLSearchParams(form);
  }
  const config: Options = { ...extra, method, fetch: fetchWith(opts.signal) };
  if (params) config.params = params;
  if (body) config.data = body;
  try {
    const response = await client<T>(urlFor(path), config);
    // An answer the service worker gave from its caches (sw/storedMark.ts) is no word from the server.
    if (!response.headers.get(STORED_HEADER)) hooks().onOutcome?.('ok');
    return response;
  } catch (reason) {
    throw toError(reason, hooks);
  }
}

async function readText(response: Response<unknown>): Promise<string> {
  const data = response.data;
  if (data instanceof ArrayBuffer) return new TextDecoder().decode(data);
  return typeof data === 'string' ? data : JSON.stringify(data);
}

/** The app's HTTP client: JSON in, form-encoded writes out, nsp on every write. */
export interface HttpClient {
  get<T>(path: string, opts?: RequestOptions): Promise<T>;
  /** For answers that are not JSON (HTML fragments): the body exactly as sent. */
  getText(path: string, opts?: RequestOptions): Promise<string>;
  post<T>(path: string, form?: Record<string, string>, opts?: RequestOptions): Promise<T>;
  put<T>(path: string, form?: Record<string, string>, opts?: RequestOptions): Promise<T>;
  del<T>(path: string, opts?: RequestOptions): Promise<T>;
  /**
   * Replaces the hooks: the composition root wires them to the session, the connection model and the toaster once
   * those exist (they need this client first), and unwires them with `{}` when the app stops.
   */
  configure(hooks: HttpHooks): void;
}

/** One client per app (the composition root's); tests make their own, with the hooks they need. */
export function createHttpClient(initial: HttpHooks = {}): HttpClient {
  let hooks = initial;
  const current = () => hooks;
  const client = redaxios.create({
    headers: { Accept: 'application/json' },
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    validateStatus: (status) => status >= 200 && status < 300,
  });
  return {
    async get<T>(path: string, opts: RequestOptions = {}): Promise<T> {
      return (await send<T>(client, current, 'get', path, opts)).data;
    },
    async getText(path: string, opts: RequestOptions = {}): Promise<string> {
      // arrayBuffer keeps redaxios from JSON-parsing a body that merely looks like JSON.
      const extra: Options = { responseType: 'arrayBuffer', headers: { Accept: 'text/html, */*;q=0.8' } };
      return readText(await send<unknown>(client, current, 'get', path, opts, undefined, extra));
    },
    async post<T>(path: string, form: Record<string, string> = {}, opts: RequestOptions = {}): Promise<T> {
      return (await send<T>(client, current, 'post', path, opts, form)).data;
    },
    async put<T>(path: string, form: Record<string, string> = {}, opts: RequestOptions = {}): Promise<T> {
      return (await send<T>(client, current, 'put', path, opts, form)).data;
    },
    async del<T>(path: string, opts: RequestOptions = {}): Promise<T> {
      return (await send<T>(client, current, 'delete', path, opts)).data;
    },
    configure(next) {
      hooks = next;
    },
  };
}

export const HttpContext = createModelContext<HttpClient>('HttpClient');
export const useHttp = HttpContext.use;
