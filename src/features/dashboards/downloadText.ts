/** Characters that no file system accepts in a name (and control characters). */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\\/:*?"<>|\u0000-\u001f\u007f]+/g;

/** A file name from a title: unsafe characters become '_', and an empty result becomes `fallback`. */
export function fileNameFor(title: string, extension: string, fallback = 'dashboard'): string {
  const base = title.replace(UNSAFE, '_').replace(/^[\s.]+|[\s.]+$/g, '').slice(0, 200);
  return `${base || fallback}.${extension}`;
}

/** Saves `text` as a plain-text download named `fileName`. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; the delay only spares browsers that read the blob late.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
