import { useSignals } from '@preact/signals-react/runtime';
import { lazy, Suspense, useEffect } from 'react';
import { useAuth } from '../features/session/AuthProvider';
import { useLoginNoticesDue } from '../features/loginNotices/gate';
import { inOwnTask } from '../lib/ownTask';

const LoginNoticesPopup = lazy(() => import('../features/loginNotices/LoginNoticesPopup').then((m) => ({ default: m.LoginNoticesPopup })));

/**
 * The login notices pop-up region (spec 4): only the check whether the alerts are due is part of the first
 * load; the conditions and the dialog load when they are.
 */
export function LoginNotices() {
  useSignals();
  const auth = useAuth();
  const loginNoticesDue = useLoginNoticesDue();
  useEffect(() => inOwnTask(() => { void loginNoticesDue.prefetch(); }), [loginNoticesDue]);
  if (loginNoticesDue.error.value) throw loginNoticesDue.error.value;
  // The conditions depend on the user's permissions, so they wait for the auth record.
  if (!loginNoticesDue.data.value || !auth.nsp) return null;
  return <Suspense fallback={null}><LoginNoticesPopup auth={auth} /></Suspense>;
}
