/** Markup that is already safe; everything else interpolated into `html` is escaped. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '`': '&#96;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"'`]/g, (c) => ESCAPES[c]!);
}

function render(value: unknown): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
}

/**
 * Tagged template: `html\`<p>${userText}</p>\`` escapes userText; nested `html` results and arrays of them pass
 * through. A template line that ends in a backslash goes on in the next line with no line break in the markup, which
 * keeps long templates readable (120 characters a line at most) without changing what they render.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

export const raw = (markup: string): SafeHtml => new SafeHtml(markup);

/**
 * A translated sentence with markup inside it (a <code>, a link): `sentence` gets a placeholder for each part and
 * builds the text with t`…`, so the whole sentence is one catalogue entry a translation may reorder, e.g.
 * `withMarkup((cli) => t\`Use the command line: ${cli}.\`, html\`<code>npm run admin</code>\`)`. The text is escaped
 * and so are string parts; only SafeHtml parts go in as markup. The text's apostrophes stay as they are: harmless in
 * text and in our double-quoted attributes, and English pages keep the bytes they had before translation.
 */
export function withMarkup(sentence: (...places: string[]) => string, ...parts: (SafeHtml | string)[]): SafeHtml {
  // Private-use characters: no translation contains them, and escaping leaves them alone.
  const places = parts.map((_, i) => `\uE000${i}\uE001`);
  return new SafeHtml(escapeHtml(sentence(...places)).replaceAll('&#39;', "'")
    .replace(/\uE000(\d+)\uE001/g, (_all, i: string) => render(parts[Number(i)])));
}
