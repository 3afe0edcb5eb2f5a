import { useSignals } from '@preact/signals-react/runtime';
import { useT } from '../../lib/i18n';
import { Button } from '../../ui/Button';
import { Icon } from '../../ui/Icon';
import { Link } from '../../ui/Link';
import { NoticeModal } from '../../ui/NoticeModal';
import { TooltipTrigger } from '../../ui/Tooltip';
import type { LoginNoticesModel, Notice } from './model';
import { noticeLinks, type NoticeLink } from './noticeLinks';
import '../../ui/Button.css';
import '../../ui/Checkbox.css';
import './LoginNotices.css';

/** Spec 9: tooltips in this dialog open after 100 ms. */
export const NOTICE_TOOLTIP_DELAY = 100;

const ICONS: Record<Notice['id'], string> = {
  systemDegraded: 'critical', hostProblems: 'warning', serviceProblems: 'warning', updateFailed: 'warning',
  updateAvailable: 'info', unresolved: 'warning', ipMismatch: 'warning',
};

export interface LoginNoticesDialogProps {
  model: LoginNoticesModel;
  isAdmin: boolean;
}

/** Spec 2.15 and 4: the conditions that hold, their links, the 'show again' checkbox and Close; any close saves. */
export function LoginNoticesDialog({ model, isAdmin }: LoginNoticesDialogProps) {
  useSignals();
  const t = useT();
  const close = () => { void model.close(); };
  return (
    <NoticeModal title={t('loginNotices.title')} onClose={close} data-testid="login-notices">
      <ul className="login-notices-list">
        {model.notices.value.map((notice) => (
          <li key={notice.id} className="login-notice" data-notice={notice.id}>
            <Icon name={ICONS[notice.id]} className="login-notice-icon" />
            <div className="login-notice-body">
              <strong className="login-notice-title">{t(`loginNotices.${notice.id}.title`, { ...notice })}</strong>
              <p className="login-notice-detail">{t(`loginNotices.${notice.id}.detail`, { ...notice })}</p>
              <NoticeLinks links={noticeLinks(notice, isAdmin)} onNavigate={close} />
            </div>
          </li>
        ))}
      </ul>
      <div className="login-notices-footer">
        <label className="ui-checkbox">
          <input
            type="checkbox"
            className="ui-checkbox-input"
            checked={model.showAgain.value}
            onChange={(e) => { model.showAgain.value = e.currentTarget.checked; }}
          />
          <span>{t('loginNotices.showAgain')}</span>
        </label>
        <Button variant="primary" onPress={close}>{t('loginNotices.close')}</Button>
      </div>
    </NoticeModal>
  );
}

function NoticeLinks({ links, onNavigate }: { links: NoticeLink[]; onNavigate: () => void }) {
  const t = useT();
  if (links.length === 0) return null;
  return (
    <ul className="login-notice-links">
      {links.map((link) => (
        <li key={link.id}>
          <TooltipTrigger tooltip={t(link.external ? 'loginNotices.tip.external' : 'loginNotices.tip.frame')} delay={NOTICE_TOOLTIP_DELAY} placement="bottom">
            {({ triggerProps, triggerRef }) => (
              <Link
                ref={triggerRef}
                domProps={triggerProps}
                href={link.href}
                target={link.external ? '_blank' : undefined}
                className="login-notice-link"
                // In-app pages load in the content frame behind the pop-up, so the pop-up gets out of the way.
                onClick={link.external ? undefined : onNavigate}
                data-testid={`login-notice-link-${link.id}`}
              >
                {t(link.labelKey)}
                {link.external && <Icon name="external" size={14} />}
              </Link>
            )}
          </TooltipTrigger>
        </li>
      ))}
    </ul>
  );
}
