import type { ReactNode } from 'react';
import type { ProgramStatus, SystemStatus } from '../lib/apiTypes';
import { withBase } from '../lib/base';
import { useT, type Translate } from '../lib/i18n';
import type { IconName } from '../ui/Icon';
import type { MenuItemSpec } from '../ui/Menu';
import { inFrameHref } from '../features/menu/menuLinks';
import type { PageAction } from '../features/pageActions/model';
import { EXTERNAL_LINKS } from './externalLinks';
import { logoutUrl } from './ProfileMenu';
import { daemonTone, engineLines, systemCodes, toggleTones, type EngineLine, type StatusTone } from '../features/shellData/systemStatus';

/*
 * Issue 19: the top bar's menus' items (system status, page actions, the phone overflow menu, the profile menu), built
 * by code that loads with the first of them to open; the first load keeps only their buttons.
 */

const ADMIN = { id: 'admin' as const, path: 'admin/' };
const SYSSTAT = inFrameHref(ADMIN, 'admin/sysstat.php');
const ENGINE = inFrameHref(ADMIN, 'admin/sysstat.php?pageopt=monitoringengine');

const DAEMON_TEXT: Record<StatusTone, string> = { ok: 'shell.status.running', critical: 'shell.status.stopped', warning: 'shell.status.unknown', unknown: 'shell.status.unknown' };
const ENGINE_TEXT: Record<EngineLine['state'], string> = { ok: 'shell.status.running', failing: 'shell.status.failing', stale: 'shell.status.notAnswering' };
const TOGGLE_TEXT: Record<StatusTone, string> = { ok: 'shell.status.enabled', warning: 'shell.status.disabled', critical: 'shell.status.disabled', unknown: 'shell.status.unknown' };

/** A coloured dot plus the state in words, so colour is never the only signal. */
function ToneBadge({ tone, text }: { tone: StatusTone; text: string }) {
  return <span className="status-badge" data-tone={tone}><span className="status-dot" aria-hidden="true" />{text}</span>;
}

/** The open menu for a list of items (MenuTrigger's). */
type MenuFor = (items: MenuItemSpec[]) => ReactNode;

/** Spec 2.7: the engine, each engine of several, the grapher and the three toggles, with links to the status pages. */
export function SystemStatusItems({ system, program, menuFor }: { system: SystemStatus | undefined; program: ProgramStatus | undefined; menuFor: MenuFor }) {
  const t = useT();
  const codes = systemCodes(system);
  const toggles = toggleTones(program);
  const item = (key: string, labelKey: string, href: string, tone: StatusTone, textKey: string): MenuItemSpec => ({
    key, label: t(labelKey), href, detail: <ToneBadge tone={tone} text={t(textKey)} />,
  });
  const engineTone = daemonTone(codes.engine);
  const grapherTone = daemonTone(codes.grapher);
  // Several engines: one line each, its state and the age of its data (the reason in the tooltip).
  const engineItems = engineLines(system).map((e): MenuItemSpec => {
    const state = t(ENGINE_TEXT[e.state]);
    const text = e.age === null ? state : t('shell.status.engineAge', { state, age: e.age });
    return { key: `engine-${e.name}`, label: t('shell.status.engineNamed', { name: e.name }), href: SYSSTAT, detail: <span title={e.reason ?? undefined}><ToneBadge tone={e.tone} text={text} /></span> };
  });
  return menuFor([
    item('engine', 'shell.status.engine', SYSSTAT, engineTone, DAEMON_TEXT[engineTone]),
    ...engineItems,
    item('grapher', 'shell.status.grapher', SYSSTAT, grapherTone, DAEMON_TEXT[grapherTone]),
    item('notifications', 'shell.status.notifications', ENGINE, toggles.notifications, TOGGLE_TEXT[toggles.notifications]),
    item('hostChecks', 'shell.status.hostChecks', ENGINE, toggles.hostChecks, TOGGLE_TEXT[toggles.hostChecks]),
    item('serviceChecks', 'shell.status.serviceChecks', ENGINE, toggles.serviceChecks, TOGGLE_TEXT[toggles.serviceChecks]),
  ]);
}

/** What the page actions need from the menu that offers them: the page the frame shows, and opening an action's dialog. */
export interface PageActionsTarget {
  location: string;
  show: (action: PageAction) => void;
}

function pageActionItems(t: Translate, { location, show }: PageActionsTarget): MenuItemSpec[] {
  return [
    { key: 'addView', label: t('shell.pageActions.addView'), isDisabled: !location, onAction: () => show('addView') },
    { key: 'permalink', label: t('shell.pageActions.permalink'), isDisabled: !location, onAction: () => show('permalink') },
    { key: 'schedule', label: t('shell.pageActions.schedule'), isDisabled: !location, onAction: () => show('schedule') },
  ];
}

/** Spec 2.6: add to My Views, permalink and Schedule Page, for the page the content frame shows. */
export function PageActionItems({ target, menuFor }: { target: PageActionsTarget; menuFor: MenuFor }) {
  return menuFor(pageActionItems(useT(), target));
}

const PAGE_ACTION_ICONS: Record<string, IconName> = { addView: 'plus', permalink: 'link', schedule: 'reports' };

/** The phone overflow menu: everything of the top bar's wide part (page actions, help, feedback, vendor links, popout). */
export function OverflowItems({ target, openFeedback, popout, menuFor }: { target: PageActionsTarget; openFeedback: () => void; popout: string; menuFor: MenuFor }) {
  const t = useT();
  const newTab = (label: string) => `${label} (${t('shell.newTab')})`;
  return menuFor([
    ...pageActionItems(t, target).map((item) => ({ ...item, icon: PAGE_ACTION_ICONS[item.key] })),
    { key: 'help', label: t('shell.top.help'), icon: 'help', href: withBase('help/') },
    { key: 'feedback', label: t('feedback.open'), icon: 'forum', onAction: openFeedback },
    ...EXTERNAL_LINKS.map((l) => ({ key: l.id, label: newTab(t(l.labelKey)), icon: l.icon, href: l.href, target: '_blank', rel: 'noopener' })),
    ...(popout ? [{ key: 'popout', label: newTab(t('shell.top.popout')), icon: 'popout' as const, href: popout, target: '_blank' }] : []),
  ]);
}

/** The account page, and the logout (a full reload of the login page with the session token, spec 2.6). */
export function ProfileItems({ nsp, menuFor }: { nsp: string; menuFor: MenuFor }) {
  const t = useT();
  return menuFor([
    { key: 'account', label: t('shell.profile.account'), icon: 'account', href: withBase('account/') },
    { key: 'logout', label: t('shell.profile.logout'), icon: 'logout', onAction: () => window.location.assign(logoutUrl(nsp)) },
  ]);
}
