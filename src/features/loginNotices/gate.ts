import type { HttpClient } from '../../lib/http';
import { createModelContext } from '../../lib/modelContext';
import type { Resource, ResourceRegistry } from '../../lib/resource';

/** The two answers that decide whether the alerts are looked at at all (spec 4); the rest loads only when they are due. */
export interface LoginNoticesGateApi {
  hasSeen(): Promise<boolean>;
  markSeen(): Promise<unknown>;
  isEnabled(): Promise<boolean>;
}

const SEEN = 'has_seen_login_alerts';
export const SHOW_SETTING = 'show_login_alert_screen';

export function createGateApi(http: Pick<HttpClient, 'get'>): LoginNoticesGateApi {
  const helper = (params: Record<string, string>, write?: boolean) => http.get<unknown>('ajaxhelper.php', { params, write });
  return {
    hasSeen: async () => Number((await helper({ cmd: 'getsessionvars', needle: SEEN }) as Record<string, unknown>)[SEEN]) === 1,
    markSeen: () => helper({ cmd: 'setsessionvars', opts: JSON.stringify({ [SEEN]: 1 }) }, true),
    // The setting defaults to on: only an explicit 0 turns it off.
    isEnabled: async () => Number(await helper({ cmd: 'getusermeta', opts: SHOW_SETTING })) !== 0,
  };
}

/**
 * Due when not seen this session and the user setting is on. The session is marked seen as soon as the flag
 * has loaded, so a reload never shows the alerts again. The flag is read once: a retry after a failed
 * setting read must not find the session already marked by this very check.
 */
export function createDueCheck(api: LoginNoticesGateApi): () => Promise<boolean> {
  let seen: Promise<boolean> | undefined;
  return async () => {
    const flag = seen ?? api.hasSeen().then((wasSeen) => {
      if (!wasSeen) api.markSeen().catch(() => undefined);
      return wasSeen;
    });
    seen = flag;
    flag.catch(() => { if (seen === flag) seen = undefined; });
    const [wasSeen, enabled] = await Promise.all([flag, api.isEnabled()]);
    return !wasSeen && enabled;
  };
}

/**
 * Whether the alerts are due: made by the composition root, loaded once per page (prefetch, never watched, so never
 * evicted); closing the pop-up sets it to false. Once answered, a later load keeps that (the registry loads every
 * resource again after an outage, and the check would find this page's own first answer and open closed alerts again).
 */
export function createLoginNoticesDue(resources: Pick<ResourceRegistry, 'createResource'>, api: LoginNoticesGateApi): Resource<boolean> {
  const check = createDueCheck(api);
  let answered = false;
  const due: Resource<boolean> = resources.createResource<boolean>({
    key: 'loginAlerts.due',
    load: async () => {
      if (answered) return due.data.peek() ?? false;
      const value = await check();
      answered = true;
      return value;
    },
    staleTime: Infinity,
  });
  return due;
}

export const LoginNoticesDueContext = createModelContext<Resource<boolean>>('LoginNoticesDue');
export const useLoginNoticesDue = LoginNoticesDueContext.use;
