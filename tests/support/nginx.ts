/**
 * nginx from Debian in front of several Pharos processes, as docs/scaling.md configures it, run unprivileged from a
 * temp dir (never the system service). Used by the cluster e2e spec and the capacity bench.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitForPort } from './processes.js';

export interface Nginx {
  /** http://127.0.0.1:PORT */
  origin: string;
  stop(): Promise<void>;
}

/** The configuration docs/scaling.md shows, for upstreams on this machine; `dir` holds its temp files and logs. */
export function nginxConfig(dir: string, port: number, upstreams: string[]): string {
  return `worker_processes 1;
daemon off;
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
  client_max_body_size 2m;

  upstream pharos {
    ${upstreams.map((u) => `server ${u} max_fails=1 fail_timeout=5s;`).join('\n    ')}
    keepalive 64;
  }

  # Every process unreachable, or each marked failed for a moment (a restart of all of them, or of their database): a
  # page marked like Pharos's own, so the app's frames count it as a failed load, which loads itself again when it is
  # the whole window (a first visit, without the app's worker), instead of nginx's "502 Bad Gateway".
  map $http_sec_fetch_dest $pharos_unavailable_refresh {
    document '<meta http-equiv="refresh" content="5">';
    default '';
  }

  server {
    listen 127.0.0.1:${port};
    error_page 502 504 = @unavailable;
    location @unavailable {
      default_type text/html;
      add_header Retry-After 5 always;
      add_header Cache-Control no-store always;
      return 503 '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="pharos-unavailable" content="gateway">$pharos_unavailable_refresh<title>Pharos is not answering</title></head><body><p role="status">Pharos is not answering. This page will be back shortly.</p></body></html>';
    }
    location / {
      proxy_pass http://pharos;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      # Overwrite, never append: a client's own X-Forwarded-For must not reach Pharos (docs/operations.md).
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # A process that is gone or restarting: idempotent requests (GET, HEAD, PUT, DELETE…) go to the next one.
      # POST is never sent twice (nginx leaves non-idempotent requests alone unless told otherwise).
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

/** Starts nginx in front of `upstreams` (host:port each). As root it runs as nobody, via setpriv. */
export async function startNginx(upstreams: string[]): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-nginx-'));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(dir, port, upstreams));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) fs.chownSync(dir, 65534, 65534);
  const args = ['-p', dir, '-c', path.join(dir, 'nginx.conf')];
  const child = asRoot
    ? spawn('setpriv', ['--reuid=nobody', '--regid=nogroup', '--clear-groups', '/usr/sbin/nginx', ...args], { stdio: ['ignore', 'ignore', 'pipe'] })
    : spawn('/usr/sbin/nginx', args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => { stderr += c.toString(); });
  const log = () => `${stderr}${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`;
  // TERM, not KILL: the master then ends its worker too (a killed master leaves the worker running).
  const onExit = () => child.kill('SIGTERM');
  process.on('exit', onExit);
  await waitForPort(port, { what: 'nginx', exited: () => child.exitCode !== null, log, timeoutMs: 5_000, intervalMs: 25 });
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      process.off('exit', onExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // QUIT: graceful shutdown of the master and its worker.
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
