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

/** Spec 2.8: anything that does not contain the phrase warns, an empty or missing title included. */
export function trayHasProblems(title: string): boolean {
  return !title.includes(NO_PROBLEMS);
}
