/** Where a Livestatus peer listens: TCP `host:port` (IPv6 as `[::1]:6558`) or the absolute path of a unix socket. */
export type LivestatusAddress = { kind: 'tcp'; host: string; port: number } | { kind: 'unix'; path: string };

const USAGE = 'expected host:port (for example 127.0.0.1:6558) or the absolute path of a unix socket (for example /var/run/icinga2/cmd/livestatus)';

/** Parses an address; throws with a message naming the expected forms. */
export function parseLivestatusAddress(raw: string): LivestatusAddress {
  const value = raw.trim();
  // eslint-disable-next-line no-control-regex -- control characters are never part of a host or path
  if (value === '' || /[\x00-\x1f\x7f]/.test(value)) throw new Error(`Invalid Livestatus address '${raw}': ${USAGE}.`);
  if (value.startsWith('/')) return { kind: 'unix', path: value };
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^\s:[\]/]+)):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[3]) : 0;
  if (!match || port < 1 || port > 65535) throw new Error(`Invalid Livestatus address '${raw}': ${USAGE}.`);
  return { kind: 'tcp', host: match[1] ?? match[2] ?? '', port };
}

export function formatLivestatusAddress(address: LivestatusAddress): string {
  if (address.kind === 'unix') return address.path;
  return address.host.includes(':') ? `[${address.host}]:${address.port}` : `${address.host}:${address.port}`;
}
