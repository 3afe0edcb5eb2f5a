import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../http/context.js';
import { formatNumber, mark, t, translate } from '../http/language.js';
import { ageScript, dataAgeText, refreshFailedNote } from './dataAge.js';
import { quietButSilent, silentLine } from './engineNotes.js';
import { problemLists, type ProblemItem, type ProblemState } from '../monitoring/problemList.js';
import { countUnhandledProblems } from '../monitoring/problems.js';
import { durationText, nowSeconds } from './format.js';
import { html, type SafeHtml } from './html.js';
import { registerPage, type PageEnv, type PageResult } from './pageRoute.js';
import { hostUrl, serviceUrl } from './urls.js';

export const BOARD_PATH = 'includes/components/pharos/problemsboard.php';
/** More rows than any screen shows even at the lowest density; the rest only counts towards "+N more". */
const MAX_ROWS = 400;

/**
 * State as icon + word + colour: the word and the icon's shape carry it for anyone who cannot tell the colours
 * apart.
 */
export const STATE_LOOK: Record<ProblemState, { icon: string; tone: string }> = {
  DOWN: { icon: '✖', tone: 'critical' },
  UNREACHABLE: { icon: '◆', tone: 'unknown' },
  CRITICAL: { icon: '✖', tone: 'critical' },
  UNKNOWN: { icon: '?', tone: 'unknown' },
  WARNING: { icon: '▲', tone: 'warning' },
};

const HANDLED_TEXT = { acknowledged: mark('Acknowledged'), downtime: mark('In downtime') } as const;

export function problemRow(base: string, p: ProblemItem, now: number): SafeHtml {
  const look = STATE_LOOK[p.state];
  const href = p.kind === 'host' ? hostUrl(base, p.host, p.engine) : serviceUrl(base, p.host, p.service, p.engine);
  // A stale row (its engine not answering) keeps its last state, muted and labelled, so nobody takes it as current.
  const tone = p.stale === undefined ? look.tone : 'pending';
  return html`<li class="problem state-${tone}${p.stale === undefined ? '' : ' stale'}">\
<span class="icon" aria-hidden="true">${look.icon}</span>\
<span class="state">${p.stale === undefined ? translate(p.state) : t`STALE: ${translate(p.state)}`}</span>
<a class="what" href="${href}"><span class="host">${p.host}</span>\
${p.service ? html`<span class="service">${p.service}</span>` : ''}\
${p.engine !== undefined ? html`<span class="engine">${p.engine}</span>` : ''}</a>
<span class="output">${p.output}</span>
<span class="since">${p.handled ? html`<span class="handled">${translate(HANDLED_TEXT[p.handled])}</span> ` : ''}\
${p.since ? durationText(now - p.since) : ''}</span></li>`;
}

function countTile(n: number, label: string): SafeHtml {
  return html`<li class="board-count state-${n ? 'critical' : 'ok'}">\
<span class="n">${formatNumber(n)}</span> <span class="label">${label}</span></li>`;
}

/**
 * The 10-foot problems board: counts, unhandled problems, then handled ones muted; `problemsboard.js` fits it to the
 * screen.
 */
export function problemsBoard(env: PageEnv): PageResult {
  const { ctx } = env;
  const snap = ctx.monitoring.snapshot();
  const now = nowSeconds();
  const counts = countUnhandledProblems(snap);
  const { unhandled, handled } = problemLists(snap);
  const shownUnhandled = unhandled.slice(0, MAX_ROWS);
  const shownHandled = handled.slice(0, Math.max(0, MAX_ROWS - shownUnhandled.length));
  const notRendered = unhandled.length + handled.length - shownUnhandled.length - shownHandled.length;
  const age = Math.max(0, now - snap.updated);
  // "1 of 3 engines not answering", or one engine not running: a silent engine never makes the board look calmer.
  const silent = silentLine(ctx);
  const unhandledLabel = t`Unhandled problems`;
  const handledLabel = t`Acknowledged or in downtime`;
  const body = html`<main class="board-page" data-density="0">
<header class="board-head">
<h1>${t`Problems`}</h1>
<ul class="board-counts" aria-label="${unhandledLabel}">\
${countTile(counts.hosts, counts.hosts === 1 ? t`Host problem` : t`Host problems`)}\
${countTile(counts.services, counts.services === 1 ? t`Service problem` : t`Service problems`)}</ul>
${snap.updated
    ? html`<p class="data-age" data-age="${age}">${dataAgeText(snap.updated, now)}</p>`
    : html`<p class="data-age">${t`No monitoring data received yet`}</p>`}
${silent
    ? html`<p class="engines-silent" role="status"><span class="icon" aria-hidden="true">⚠</span> ${silent}</p>`
    : ''}
${refreshFailedNote()}
</header>
${unhandled.length
    ? html`<section class="board-list" aria-label="${unhandledLabel}">\
<ol class="problems">${shownUnhandled.map((p) => problemRow(ctx.base, p, now))}</ol></section>`
    // No hosts at all is not "OK": the engine has not reported anything (yet).
    : snap.hosts.length && silent
      ? html`<p class="all-ok partial" role="status">${quietButSilent(ctx, 'problems')}</p>`
      : snap.hosts.length
      ? html`<p class="all-ok" role="status"><span class="icon" aria-hidden="true">✔</span> ${t`All systems OK`}</p>`
      : html`<p class="all-ok no-data" role="status">${t`Waiting for monitoring data`}</p>`}
${shownHandled.length ? html`<section class="board-list handled" aria-label="${handledLabel}">\
<h2>${handledLabel}</h2>\
<ol class="problems">${shownHandled.map((p) => problemRow(ctx.base, p, now))}</ol></section>` : ''}
<p class="more" data-extra="${notRendered}" data-text="${t`+${'{n}'} more`}"${notRendered ? '' : html` hidden`}>\
${t`+${notRendered} more`}</p>
</main>
<noscript><style>.board-page:not([data-fitted]) { visibility: visible; }</style></noscript>
${ageScript(ctx.base, 'problemsboard')}`;
  return { title: t`Problems board`, body, bodyClass: 'board' };
}

export function registerProblemsBoard(app: FastifyInstance, ctx: AppContext): void {
  registerPage(app, ctx, { path: BOARD_PATH, get: problemsBoard });
}
