import { useCallback, useEffect, useState } from 'react';

/** Spec 2.10: the groups that start open. */
export const DEFAULT_OPEN_GROUPS: ReadonlySet<string> = new Set([
  'favorites', 'quickview', 'viewtools', 'myviews', 'dashboardtools', 'dashlets', 'configurequicktools', 'wizards',
  'mytools', 'commontools', 'systemstatus', 'users', 'myaccount', 'notificationoptions', 'tours', 'reports',
]);

type Stored = Record<string, boolean>;

export function groupStorageKey(username: string): string {
  return `pharos.menu.groups.${username}`;
}

function read(username: string): Stored {
  if (!username) return {};
  try {
    const raw = localStorage.getItem(groupStorageKey(username));
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter(([, v]) => typeof v === 'boolean')) as Stored;
  } catch {
    return {};
  }
}

/**
 * Which secondary-menu groups are open. A user's own choices are remembered on this device, under a key
 * that includes the username, so people sharing a browser keep their own layout.
 */
export function useGroupExpansion(username: string) {
  const [choices, setChoices] = useState<Stored>(() => read(username));
  useEffect(() => setChoices(read(username)), [username]);

  const isExpanded = useCallback(
    (section: string, group: string) => choices[`${section}:${group}`] ?? DEFAULT_OPEN_GROUPS.has(group),
    [choices],
  );

  const setExpanded = useCallback((section: string, group: string, expanded: boolean) => {
    setChoices((prev) => {
      const next = { ...prev, [`${section}:${group}`]: expanded };
      if (username) {
        try {
          localStorage.setItem(groupStorageKey(username), JSON.stringify(next));
        } catch {
          // Without storage the choice lasts for this page only.
        }
      }
      return next;
    });
  }, [username]);

  return { isExpanded, setExpanded };
}
