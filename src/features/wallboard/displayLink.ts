import { computed, signal, type ReadonlySignal } from '@preact/signals-react';
import { withBase } from '../../lib/base';
import { http } from '../../lib/http';

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
  clock?: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout' | 'setInterval' | 'clearInterval'>;
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

  const poll = async () => {
    let answer: DisplayReport;
    try {
      answer = await deps.report(deps.info());
    } catch {
      return;
    }
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

  return {
    identifying,
    newParams,
    poll,
    start() {
      void poll();
      const timer = clock.setInterval(() => void poll(), REPORT_MS);
      return () => {
        clock.clearInterval(timer);
        if (identifyTimer !== undefined) clock.clearTimeout(identifyTimer);
      };
    },
  };
}

export function reportToServer(info: Record<string, string>): Promise<DisplayReport> {
  return http.get<DisplayReport>('api/v2/displays/me', { params: info });
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
