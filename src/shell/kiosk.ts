import { createContext, useContext } from 'react';

/** The framed layout runs on a wall (the wallboard): nothing may open there that waits for someone to close it. */
export const KioskContext = createContext(false);

export function useKiosk(): boolean {
  return useContext(KioskContext);
}
