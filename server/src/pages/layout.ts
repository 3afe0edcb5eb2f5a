import { html, type SafeHtml } from './html.js';

export type ClassicTheme = 'neptune' | 'neptunelight' | 'neptunecolorblind';

export interface DocumentOptions {
  base: string;
  title: string;
  theme?: ClassicTheme;
  body: SafeHtml;
  /** Extra class on <body>, e.g. for the login page's centred layout. */
  bodyClass?: string;
}

/** The shell of every server-rendered classic page: theme class from the user's setting, one stylesheet, no inline script. */
export function classicDocument(o: DocumentOptions): string {
  return html`<!doctype html>
<html lang="en" class="${o.theme ?? 'neptune'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title}</title>
<link rel="stylesheet" href="${o.base}includes/css/classic.css">
</head>
<body class="classic ${o.bodyClass ?? ''}">
${o.body}
</body>
</html>`.value;
}
