import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../lib/i18n';
import { useFeedbackDialog } from '../features/feedback/FeedbackButton';
import { useFrame } from '../features/frame/model';
import { Icon } from '../ui/Icon';
import { MenuTrigger } from '../ui/Menu';
import { lazyTopBarItems, preloadTopBarItems } from './loadTopBarItems';
import { usePageActions } from './PageActionsMenu';

/** The items load with the menu. */
const OverflowItems = lazyTopBarItems('OverflowItems');

/**
 * Below the lg breakpoint (1200 px: tablets, phones, narrow windows) there is no room for the wide part of the top bar:
 * this one menu offers all of it (page actions, help, feedback, vendor links and popout), so nothing the top bar offers
 * is out of reach. CSS shows it only there.
 */
export function TopBarOverflow() {
  useSignals();
  const t = useT();
  const pageActions = usePageActions();
  const feedback = useFeedbackDialog();
  const frame = useFrame();
  const popout = frame.currentLocation.value || frame.src.value;
  return (
    <>
      <MenuTrigger
        label={t('shell.top.more')}
        className="top-bar-overflow"
        data-testid="top-overflow"
        items={(menuFor) => <OverflowItems target={pageActions.target} openFeedback={feedback.open} popout={popout} menuFor={menuFor} />}
        preload={preloadTopBarItems}
      >
        <Icon name="more" />
      </MenuTrigger>
      {pageActions.dialog}
      {feedback.dialog}
    </>
  );
}
