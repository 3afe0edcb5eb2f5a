import { describe, expect, it } from 'vitest';
import { BASE } from '../../lib/base';
import { DOWNLOAD_URL, noticeLinks } from './noticeLinks';

const hrefs = (links: ReturnType<typeof noticeLinks>) => links.map((l) => [l.id, l.href, Boolean(l.external)]);

describe('login notice links', () => {
  it('links the problem counts to the problem pages in the content frame, for everyone', () => {
    for (const isAdmin of [true, false]) {
      expect(hrefs(noticeLinks({ id: 'hostProblems', count: 2 }, isAdmin)))
        .toEqual([['hostProblems', `${BASE}?xiwindow=includes%2Fcomponents%2Fxicore%2Fstatus.php%3Fshow%3Dhostproblems`, false]]);
      expect(hrefs(noticeLinks({ id: 'serviceProblems', count: 2 }, isAdmin)))
        .toEqual([['serviceProblems', `${BASE}?xiwindow=includes%2Fcomponents%2Fxicore%2Fstatus.php%3Fshow%3Dserviceproblems`, false]]);
    }
  });

  it('links a degraded system status to the system status page in the admin section', () => {
    expect(hrefs(noticeLinks({ id: 'systemDegraded' }, false))).toEqual([['sysstat', `${BASE}admin/?xiwindow=sysstat.php`, false]]);
  });

  it('gives administrators the update check, update details, download and Program URL links (spec 6)', () => {
    expect(hrefs(noticeLinks({ id: 'updateFailed' }, true))).toEqual([['checkUpdates', `${BASE}admin/?xiwindow=main.php`, false]]);
    expect(hrefs(noticeLinks({ id: 'updateAvailable', version: '0.2.0', updateUrl: 'https://updates.example.com/x' }, true)))
      .toEqual([['updateDetails', 'https://updates.example.com/x', true], ['download', DOWNLOAD_URL, true]]);
    expect(hrefs(noticeLinks({ id: 'unresolved', url: 'http://a.invalid/' }, true))).toEqual([['programUrl', `${BASE}admin/?xiwindow=main.php`, false]]);
    expect(hrefs(noticeLinks({ id: 'ipMismatch', url: 'http://192.0.2.1/', ip: '192.0.2.1' }, true))).toEqual([['programUrl', `${BASE}admin/?xiwindow=main.php`, false]]);
  });

  it('gives other users none of the administrator links', () => {
    expect(noticeLinks({ id: 'updateFailed' }, false)).toEqual([]);
    expect(noticeLinks({ id: 'updateAvailable', version: '0.2.0', updateUrl: 'https://updates.example.com/' }, false)).toEqual([]);
    expect(noticeLinks({ id: 'unresolved', url: 'http://a.invalid/' }, false)).toEqual([]);
    expect(noticeLinks({ id: 'ipMismatch', url: 'http://192.0.2.1/', ip: '192.0.2.1' }, false)).toEqual([]);
  });

  it('links update details only to a web address', () => {
    expect(noticeLinks({ id: 'updateAvailable', version: '0.2.0', updateUrl: 'javascript:alert(1)' }, true).map((l) => l.id)).toEqual(['download']);
  });
});
