import { useSignals } from '@preact/signals-react/runtime';
import { withBase } from '../lib/base';
import { useT } from '../lib/i18n';
import { useFeedbackDialog } from '../features/feedback/FeedbackButton';
import { useFrame } from '../features/frame/model';
import type { IconName } from '../ui/Icon';
import { Icon } from '../ui/Icon';
import { MenuTrigger, type MenuItemSpec } from '../ui/Menu';
import { EXTERNAL_LINKS } from './externalLinks';
import { usePageActions } from './PageActionsMenu';

const PAGE_ACTION_ICONS: Record<string, IconName> = { addView: 'plus', permalink: 'link', schedule: 'reports' };

/**
 * Phones (below 600 px) have no room for the wide part of the top bar: this one menu offers all of it (page actions,
 * help, feedback, vendor links and popout), so nothing the top bar offers is out of reach. CSS shows it only there.
 */
export function TopBarOverflow() {
  useSignals();
  const t = useT();
  const pageActions = usePageActions();
  const feedback = useFeedbackDialog();
  const frame = useFrame();
  const popout = frame.currentLocation.value || frame.src.value;
  const newTab = (label: string) => `${label} (${t('shell.newTab')})`;
  const items: MenuItemSpec[] = [
    ...pageActions.items.map((item) => ({ ...item, icon: PAGE_ACTION_ICONS[item.key] })),
    { key: 'help', label: t('shell.top.help'), icon: 'help', href: withBase('help/') },
    { key: 'feedback', label: t('feedback.open'), icon: 'forum', onAction: feedback.open },
    ...EXTERNAL_LINKS.map((l) => ({ key: l.id, label: newTab(t(l.labelKey)), icon: l.icon, href: l.href, target: '_blank', rel: 'noopener' })),
    ...(popout ? [{ key: 'popout', label: newTab(t('shell.top.popout')), icon: 'popout' as const, href: popout, target: '_blank' }] : []),
  ];
  return (
    <>
      <MenuTrigger label={t('shell.top.more')} className="top-bar-overflow" data-testid="top-overflow" items={items}>
        <Icon name="more" />
      </MenuTrigger>
      {pageActions.dialog}
      {feedback.dialog}
    </>
  );
}
