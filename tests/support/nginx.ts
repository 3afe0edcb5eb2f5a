/**
 * nginx from Debian in front of several Pharos processes, with the configuration docs/scaling.md shows
 * (deploy/nginx/pharos.conf), run unprivileged from a temp dir (never the system service). Used by the nginx
 * configuration test, the cluster tests and the capacity bench.
 *
 * The file's text is run as it is, with only these replaced: the upstream's three example processes by the test's,
 * the listen addresses by loopback ports, and the certificate's paths by a self-signed one made for the run. The
 * cluster tests speak plain http to it (`listen 127.0.0.1:PORT;` for `listen 443 ssl http2;`); the configuration test
 * keeps `ssl http2`.
 */
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort, waitForPort } from './processes.js';

const run = promisify(execFile);
const NGINX = '/usr/sbin/nginx';

/** What the site answers an API call when it can reach no process (its JSON 503). */
export const PROXY_UNAVAILABLE = 'Pharos is not answering. Try again in a moment.';

/** The configuration users copy to /etc/nginx/conf.d/, and docs/scaling.md shows. */
export const SITE_CONFIG = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'pharos.conf');

export interface SiteOptions {
  /** host:port of each Pharos process, in place of the file's three examples. */
  upstreams: string[];
  /** Port of the main server on 127.0.0.1, in place of 443. */
  port: number;
  /** Port of the http-to-https redirect on 127.0.0.1, in place of 80. */
  redirectPort: number;
  /** Keep `ssl http2` on the main server (else plain http). */
  tls: boolean;
  certificate: string;
  key: string;
}

/** Replaces the one occurrence of `from` in `text`: a file that no longer has it fails loudly instead of running changed. */
function swap(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + 1) >= 0) throw new Error(`${SITE_CONFIG} should hold "${from}" once`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The file's text for the processes and ports of a test (see the module's comment for what is replaced). */
export function siteConfig(text: string, o: SiteOptions): string {
  const examples = /^( +)server 127\.0\.0\.1:8081( [^;\n]*;)\n\1server 127\.0\.0\.1:8082\2\n\1server 127\.0\.0\.1:8083\2\n/m.exec(text);
  if (!examples) throw new Error(`${SITE_CONFIG} should list its three example processes with the same parameters`);
  const [lines, indent, parameters] = examples;
  let site = swap(text, lines, o.upstreams.map((u) => `${indent}server ${u}${parameters}\n`).join(''));
  site = swap(site, 'listen 443 ssl http2;', `listen 127.0.0.1:${o.port}${o.tls ? ' ssl http2' : ''};`);
  site = swap(site, 'listen 80;', `listen 127.0.0.1:${o.redirectPort};`);
  site = swap(site, '/etc/ssl/certs/pharos.example.com.pem', o.certificate);
  return swap(site, '/etc/ssl/private/pharos.example.com.key', o.key);
}

/** The main configuration around the site, everything in `dir`: the site is included in its http block, as Debian's nginx.conf includes conf.d/. */
function mainConfig(dir: string): string {
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/pharos.conf;
}
`;
}

const asRoot = process.getuid?.() === 0;
/** As root, nginx and openssl run as nobody (setpriv), so nothing in the tests depends on root. */
const command = (file: string, args: string[]): [string, string[]] =>
  (asRoot ? ['setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', file, ...args]] : [file, args]);

export interface NginxSite {
  dir: string;
  /** The main server's port on 127.0.0.1. */
  port: number;
  /** The self-signed certificate (PEM) the site serves with `tls`, for a client to trust. */
  certificate: string;
  args: string[];
  remove(): void;
}

/** Writes the site for `upstreams` and its main configuration into a temp dir, with a certificate made for it. */
export async function prepareSite(upstreams: string[], o: { tls: boolean }): Promise<NginxSite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-nginx-'));
  if (asRoot) fs.chownSync(dir, 65534, 65534);
  const certificate = path.join(dir, 'certificate.pem');
  const key = path.join(dir, 'key.pem');
  await run(...command('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', certificate]));
  const [port, redirectPort] = [await freePort(), await freePort()];
  const text = siteConfig(fs.readFileSync(SITE_CONFIG, 'utf8'), { upstreams, port, redirectPort, tls: o.tls, certificate, key });
  fs.writeFileSync(path.join(dir, 'pharos.conf'), text);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
  return {
    dir, port, certificate: fs.readFileSync(certificate, 'utf8'),
    args: ['-p', dir, '-c', path.join(dir, 'nginx.conf')],
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** `nginx -t` on the site: rejects with nginx's own words when it does not load. */
export async function testSite(site: NginxSite): Promise<void> {
  await run(...command(NGINX, ['-t', ...site.args])).catch((err: { stderr?: string }) => {
    throw new Error(`nginx -t failed:\n${err.stderr ?? String(err)}`);
  });
}

export interface Nginx {
  /** http://127.0.0.1:PORT (https with `tls`) */
  origin: string;
  /** The certificate to trust with `tls`. */
  certificate: string;
  stop(): Promise<void>;
}

/** Starts nginx with the documented site in front of `upstreams` (host:port each). */
export async function startNginx(upstreams: string[], o: { tls: boolean } = { tls: false }): Promise<Nginx> {
  const site = await prepareSite(upstreams, o);
  const [file, args] = command(NGINX, [...site.args, '-g', 'daemon off;']);
  const child = spawn(file, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => { stderr += c.toString(); });
  const errorLog = path.join(site.dir, 'error.log');
  const log = () => `${stderr}${fs.existsSync(errorLog) ? fs.readFileSync(errorLog, 'utf8') : ''}`;
  // TERM, not KILL: the master then ends its worker too (a killed master leaves the worker running).
  const onExit = () => child.kill('SIGTERM');
  process.on('exit', onExit);
  await waitForPort(site.port, { what: 'nginx', exited: () => child.exitCode !== null, log, timeoutMs: 5_000, intervalMs: 25 });
  return {
    origin: `${o.tls ? 'https' : 'http'}://127.0.0.1:${site.port}`,
    certificate: site.certificate,
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // QUIT: graceful shutdown of the master and its worker.
        child.kill('SIGQUIT');
        await exited;
      }
      site.remove();
    },
  };
}
