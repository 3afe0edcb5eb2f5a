import { useT } from '../lib/i18n';
import { Icon } from '../ui/Icon';
import { MenuTrigger } from '../ui/Menu';

/** Spec 2.6 page actions (add to My Views, permalink, Schedule Page); their dialogs come with that feature. */
export function PageActionsMenu() {
  const t = useT();
  return (
    <MenuTrigger
      label={t('shell.pageActions.menu')}
      className="page-actions-menu"
      data-testid="page-actions"
      items={[
        { key: 'addView', label: t('shell.pageActions.addView'), isDisabled: true },
        { key: 'permalink', label: t('shell.pageActions.permalink'), isDisabled: true },
        { key: 'schedule', label: t('shell.pageActions.schedule'), isDisabled: true },
      ]}
    >
      <Icon name="more" />
    </MenuTrigger>
  );
}
