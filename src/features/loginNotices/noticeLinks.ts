import { inFrameHref } from '../menu/menuLinks';
import type { Notice } from './model';

export interface NoticeLink {
  id: string;
  href: string;
  /** Translation key of the link text; `${labelKey}Tip` is its tooltip. */
  labelKey: string;
  /** Vendor pages open in a new tab; the rest load in the content frame and close the pop-up. */
  external?: boolean;
}

const HOME = { id: 'home' as const, path: '' };
const ADMIN = { id: 'admin' as const, path: 'admin/' };
/** Vendor download page; the reference server records update checks but hosts no releases. */
export const DOWNLOAD_URL = 'https://www.nagios.com/downloads/nagios-xi/';

const problems = (show: string) => inFrameHref(HOME, `includes/components/xicore/status.php?show=${show}`);
// The reference server has no update-check or global-settings page; the administration page is the closest.
const ADMIN_MAIN = inFrameHref(ADMIN, 'admin/main.php');
const programUrl: NoticeLink = { id: 'programUrl', href: ADMIN_MAIN, labelKey: 'loginNotices.link.programUrl' };

/** The link everyone gets for a notice, and the links only administrators get (spec 6). */
export function noticeLinks(notice: Notice, isAdmin: boolean): NoticeLink[] {
  const links: NoticeLink[] = [];
  const admin: NoticeLink[] = [];
  switch (notice.id) {
    case 'systemDegraded':
      links.push({ id: 'sysstat', href: inFrameHref(ADMIN, 'admin/sysstat.php'), labelKey: 'loginNotices.link.sysstat' });
      break;
    case 'hostProblems':
      links.push({ id: 'hostProblems', href: problems('hostproblems'), labelKey: 'loginNotices.link.hostProblems' });
      break;
    case 'serviceProblems':
      links.push({ id: 'serviceProblems', href: problems('serviceproblems'), labelKey: 'loginNotices.link.serviceProblems' });
      break;
    case 'updateFailed':
      admin.push({ id: 'checkUpdates', href: ADMIN_MAIN, labelKey: 'loginNotices.link.checkUpdates' });
      break;
    case 'updateAvailable':
      // The details page is whatever the last update check recorded; only web addresses become links.
      if (/^https?:\/\//i.test(notice.updateUrl)) admin.push({ id: 'updateDetails', href: notice.updateUrl, labelKey: 'loginNotices.link.updateDetails', external: true });
      admin.push({ id: 'download', href: DOWNLOAD_URL, labelKey: 'loginNotices.link.download', external: true });
      break;
    case 'unresolved':
    case 'ipMismatch':
      admin.push(programUrl);
      break;
  }
  return isAdmin ? [...links, ...admin] : links;
}
