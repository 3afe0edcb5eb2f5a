/** Reading the classic pages the way a browser does, for the engine suites that drive them. */

/** The text of an attribute or element as the server's `html` tag escaped it. */
export function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|#39|#96);/g, (_, e: string) =>
    ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#96': '`' })[e]!);
}

/** The query parameters of a link as it stands in a page (`&amp;` and all). */
export const linkParams = (href: string): URLSearchParams =>
  new URL(decodeEntities(href), 'http://pharos.invalid').searchParams;

/**
 * The fields a browser sends for one command form of a detail page: every named input, checkboxes and radios only
 * when checked.
 */
export function formOf(page: string, cmd: string): { action: string; fields: Record<string, string> } {
  const section = page.slice(page.indexOf(`id="form-${cmd}"`));
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(section);
  if (!page.includes(`id="form-${cmd}"`) || !form) throw new Error(`The page has no ${cmd} form.`);
  const fields: Record<string, string> = {};
  for (const [, attrText] of form[2]!.matchAll(/<input\b([^>]*)>/g)) {
    const attrs = Object.fromEntries([...attrText!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)]
      .map(([, k, v]) => [k!, decodeEntities(v ?? '')]));
    if (!attrs.name) continue;
    if ((attrs.type === 'checkbox' || attrs.type === 'radio') && !('checked' in attrs)) continue;
    fields[attrs.name] = attrs.value ?? (attrs.type === 'checkbox' ? 'on' : '');
  }
  return { action: decodeEntities(form[1]!), fields };
}

/**
 * The rows of a page's status list that name an object: each row's markup and the parameters of its own detail link
 * (from its header cell; a service row's first cell links its host).
 */
export function objectRows(page: string): { row: string; params: URLSearchParams }[] {
  const body = /<table class="data[^"]*">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(page)?.[1] ?? '';
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].flatMap(([, row]) => {
    const link = /<th scope="row"><a href="([^"]*)"/.exec(row!);
    return link ? [{ row: row!, params: linkParams(link[1]!) }] : [];
  });
}
