/** Spec 4: the footer warning shows unless the tray alert title says there is nothing wrong. */
export const NO_PROBLEMS = 'No Problems Detected';

/**
 * The title attribute of the tray alert fragment. The fragment is parsed in an inert document and only the
 * attribute is read, so none of its markup or scripts ever reach the page.
 */
export function trayAlertTitle(fragment: string): string {
  const doc = new DOMParser().parseFromString(fragment, 'text/html');
  const titled = doc.querySelector('.tray-alert[title]') ?? doc.querySelector('[title]');
  return titled?.getAttribute('title')?.trim() ?? '';
}

/**
 * The server writes the tray alert's title in English ("3 Unhandled Service Problems"); the counts are shown in the
 * user's language, and anything else the title says stays as sent.
 */
export function trayAlertText(title: string, t: (key: string, vars?: Record<string, unknown>) => string): string {
  return title.replace(/(\d+) Unhandled (Host|Service) Problems?/g, (_all, count: string, kind: string) =>
    t(`shell.tray.unhandled${kind}${count === '1' ? 'One' : 'Many'}`, { count }));
}

/** Spec 2.8: anything that does not contain the phrase warns, an empty or missing title included. */
export function trayHasProblems(title: string): boolean {
  return !title.includes(NO_PROBLEMS);
}
