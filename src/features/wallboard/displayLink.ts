import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { withBase } from '../../lib/base';
import type { HttpClient } from '../../lib/http';
import { createPoll } from '../../lib/poll';
import type { ResourceRegistry } from '../../lib/resource';

/** The server's answer to a paired display's report (GET api/v2/displays/me). */
export interface DisplayReport { name: string; params: string; commands: string[] }

export const REPORT_MS = 30_000;
export const IDENTIFY_MS = 10_000;

export interface DisplayLinkDeps {
  report(info: Record<string, string>): Promise<DisplayReport>;
  /** What the screen says about itself with each report. */
  info(): Record<string, string>;
  /** The parameters this page was opened with (its query string). */
  currentParams: string;
  reload(): void;
  /** The app's resources: the reports go through one (its retries with backoff, and a report as soon as the server is back). */
  resources: Pick<ResourceRegistry, 'createResource'>;
  /** The Identify timer (the reports' are the resource's). */
  clock?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'>;
}

export interface DisplayLink {
  /** The display's name while Identify shows it full screen. */
  readonly identifying: ReadonlySignal<string | null>;
  /** New parameters from the Displays page, applied at the next rotation boundary; null while unchanged. */
  readonly newParams: ReadonlySignal<string | null>;
  poll(): Promise<void>;
  start(): () => void;
}

const normal = (query: string) => new URLSearchParams(query).toString();

/**
 * Issue 10: a paired display reports to the server every 30 s (its heartbeat, with what it shows) and gets its
 * remote commands and its current parameters in the answer, so they need no connection of their own.
 */
export function createDisplayLink(deps: DisplayLinkDeps): DisplayLink {
  const clock = deps.clock ?? globalThis;
  const identifying = signal<string | null>(null);
  const newParams = signal<string | null>(null);
  let identifyTimer: ReturnType<typeof setTimeout> | undefined;

  const handle = (answer: DisplayReport) => {
    if (answer.commands.includes('reload')) {
      deps.reload();
      return;
    }
    if (answer.commands.includes('identify')) {
      identifying.value = answer.name;
      if (identifyTimer !== undefined) clock.clearTimeout(identifyTimer);
      identifyTimer = clock.setTimeout(() => { identifying.value = null; }, IDENTIFY_MS);
    }
    newParams.value = normal(answer.params) === normal(deps.currentParams) ? null : answer.params;
  };

  // A failed report is retried with backoff, then waits for the next turn, like every other poll of the app.
  const reports = createPoll({ resources: deps.resources, name: 'wallboard.displayReport', load: () => deps.report(deps.info()), onAnswer: handle, interval: REPORT_MS });

  return {
    identifying,
    newParams,
    poll: reports.poll,
    start() {
      const stop = reports.start();
      return () => {
        stop();
        if (identifyTimer !== undefined) clock.clearTimeout(identifyTimer);
      };
    },
  };
}

/** The report as the server takes it (DisplayLinkDeps.report), through the app's client. */
export function createServerReport(http: Pick<HttpClient, 'get'>): (info: Record<string, string>) => Promise<DisplayReport> {
  return (info) => http.get<DisplayReport>('api/v2/displays/me', { params: info });
}

/**
 * The wallboard applies a waiting new version at a rotation boundary; new parameters for a paired display go the
 * same way, by opening the wallboard address with them.
 */
export function boundaryUpdate(
  sw: { updateReady: ReadonlySignal<boolean>; applyUpdate(): void },
  link: DisplayLink | undefined,
  open: (url: string) => void = (url) => window.location.replace(url),
): { ready: ReadonlySignal<boolean>; apply(): void } {
  if (!link) return { ready: sw.updateReady, apply: sw.applyUpdate };
  return {
    ready: computed(() => sw.updateReady.value || link.newParams.value !== null),
    apply: () => {
      const params = link.newParams.peek();
      if (params === null) sw.applyUpdate();
      else open(`${withBase('wallboard')}${params ? `?${params}` : ''}`);
    },
  };
}
