/**
 * The server, or a proxy before it, saying it cannot answer now (no process up behind the proxy, its database
 * restarting, shutting down): as good as no answer, for the app's calls and the worker's navigations alike. A plain 500
 * is the server answering with one endpoint's failure: that region shows its own fallback, while the connection stays
 * online (no app-wide outage, no retry storm).
 */
export const GATEWAY_DOWN: ReadonlySet<number> = new Set([502, 503, 504]);
