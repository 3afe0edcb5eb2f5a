import net from 'node:net';
import os from 'node:os';
import type { FastifyRequest } from 'fastify';

/**
 * Issue 36: which absolute addresses are pages of this server. The same Pharos is often reached by several names
 * (127.0.0.1 through a TLS proxy, localhost directly, the machine's name or address), and a view stored with one of
 * them must still be this site's page when it is read through another: a wallboard compares addresses with its own
 * origin, and refused every view added under another name.
 *
 * This server's names: the host of the request being answered (as the proxy passed it, when trusted), any loopback
 * name or address, this machine's host name and interface addresses, and the address it listens on. Any port counts
 * (a proxy in front listens on another one). The server cannot know every DNS alias pointing at it: an address with
 * another name stays as it is, another site's page.
 */
export interface OwnSite {
  /** The path prefix of every page (`/nagiosxi/`). */
  readonly base: string;
  /** Whether `hostname` (a URL's, brackets removed, lower case) names this server. */
  isOwnHost(hostname: string): boolean;
}

const bare = (hostname: string): string => hostname.replace(/^\[|\]$/g, '').toLowerCase();

function isLoopback(hostname: string): boolean {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return true;
  if (net.isIPv4(hostname)) return hostname.startsWith('127.');
  if (!net.isIPv6(hostname)) return false;
  if (hostname === '::1') return true;
  // An IPv4-mapped loopback address, as URL writes it (::ffff:7f00:1).
  const mapped = /^::ffff:([0-9a-f]{1,4}):[0-9a-f]{1,4}$/.exec(hostname);
  return mapped !== null && parseInt(mapped[1]!, 16) >> 8 === 127;
}

/** The machine's own names and addresses, read once: they do not change while the process runs (often enough). */
let machineNames: Set<string> | undefined;
function machine(): Set<string> {
  if (!machineNames) {
    const names = new Set<string>();
    const host = os.hostname().toLowerCase();
    if (host) names.add(host);
    for (const list of Object.values(os.networkInterfaces())) {
      for (const a of list ?? []) names.add(bare(a.address.split('%')[0]!));
    }
    machineNames = names;
  }
  return machineNames;
}

/** The host name part of a Host header value (`name:port`, `[v6]:port`). */
function hostnameOf(host: string): string {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return '';
  }
}

export function ownSite(base: string, requestHost: string | undefined, listenHost?: string): OwnSite {
  const own = new Set<string>();
  if (requestHost) own.add(bare(hostnameOf(requestHost)));
  if (listenHost && listenHost !== '0.0.0.0' && listenHost !== '::') own.add(bare(listenHost));
  own.delete('');
  return {
    base,
    isOwnHost(hostname) {
      const name = bare(hostname);
      return own.has(name) || isLoopback(name) || machine().has(name);
    },
  };
}

/** This server as the request names it (Host, or X-Forwarded-Host from a trusted proxy). */
export function requestSite(base: string, req: Pick<FastifyRequest, 'host'>, listenHost?: string): OwnSite {
  return ownSite(base, req.host, listenHost);
}

/**
 * `url` relative to the base when it is an http(s) address of this server under the base (`https://127.0.0.1:18800
 * /nagiosxi/x.php?a=1` becomes `x.php?a=1`); anything else, another site's address or a path already relative, as
 * it is. Credentials in the address make it no page of this site: such a link is left for the callers' checks.
 */
export function relativeToSite(url: string, site: OwnSite): string {
  if (!/^https?:\/\//i.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  if (parsed.username || parsed.password || !site.isOwnHost(parsed.hostname)) return url;
  if (!parsed.pathname.startsWith(site.base)) return url;
  return parsed.pathname.slice(site.base.length) + parsed.search + parsed.hash;
}
