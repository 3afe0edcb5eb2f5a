import { effect } from '@preact/signals-react';
import { useEffect, useState } from 'react';
import { withBase } from '../../lib/base';
import type { ConnectionModel } from '../connection/model';

/** The server marks a paired display with this readable cookie (its device token itself is HttpOnly). */
const DISPLAY_COOKIE = 'pharos_display';

export function isPairedDisplay(cookie: string): boolean {
  return cookie.split(';').some((part) => part.trim().startsWith(`${DISPLAY_COOKIE}=`));
}

/**
 * Issue 10: a paired display whose token stops working (an administrator revoked it) has nobody to sign in, so it
 * goes back to the wallboard address, which shows a new pairing code. Read at start: the 401 clears the cookie.
 */
const backToPairing = () => window.location.replace(withBase('wallboard'));

export function usePairedDisplay(connection: Pick<ConnectionModel, 'state'>, leave: () => void = backToPairing): boolean {
  const [paired] = useState(() => isPairedDisplay(document.cookie));
  useEffect(() => {
    if (!paired) return undefined;
    return effect(() => {
      if (connection.state.value === 'signInNeeded') leave();
    });
  }, [paired, connection, leave]);
  return paired;
}
