/** Fake Livestatus peers for client and source tests: a net.Server that hands each request to the test. */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

/** A fixed16 answer: 3-digit status, space, length in 11 characters, newline, body. */
export function answer(body: string | Buffer, status = 200): Buffer {
  const bytes = typeof body === 'string' ? Buffer.from(body) : body;
  return Buffer.concat([Buffer.from(`${String(status).padStart(3, '0')} ${String(bytes.length).padStart(11)}\n`), bytes]);
}

export const json = (rows: unknown[][], status = 200) => answer(JSON.stringify(rows), status);

export type OnRequest = (socket: net.Socket, request: string, index: number) => void;

export interface FakePeer {
  /** `127.0.0.1:port`, or the socket path. */
  address: string;
  /** Every request received, in order, without its terminating blank line. */
  requests: string[];
  /** Connections accepted so far. */
  connections(): number;
  /** Replaces the request handler (for a peer that changes behaviour mid-test). */
  handle(onRequest: OnRequest): void;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1 (on `port`, or any free one; or a unix socket with `unix: true`) and calls `onRequest` for each request, split at the blank
 * line that ends it. The peer keeps connections half-open after the client's EOF, as Icinga 2 does after a COMMAND.
 */
export async function fakePeer(onRequest: OnRequest, options: { unix?: boolean; port?: number } = {}): Promise<FakePeer> {
  const sockets = new Set<net.Socket>();
  const requests: string[] = [];
  let handler = onRequest;
  let accepted = 0;
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      let end: number;
      while ((end = buffered.indexOf('\n\n')) >= 0) {
        const request = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        requests.push(request);
        handler(socket, request, requests.length - 1);
      }
    });
  });
  const dir = options.unix ? fs.mkdtempSync(path.join(os.tmpdir(), 'pharos-ls-')) : '';
  const socketPath = path.join(dir, 'live');
  await new Promise<void>((resolve) => (options.unix ? server.listen(socketPath, resolve) : server.listen(options.port ?? 0, '127.0.0.1', resolve)));
  const port = (server.address() as net.AddressInfo | null)?.port ?? 0;
  return {
    address: options.unix ? socketPath : `127.0.0.1:${port}`,
    requests,
    connections: () => accepted,
    handle(next) {
      handler = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A TCP port whose listener never accepts: it runs in a worker thread that blocks, with a backlog of 1 filled by two
 * idle connections, so the kernel drops further SYNs and a connect hangs (as behind a firewall that drops packets).
 */
export async function unresponsivePort(): Promise<{ address: string; close(): Promise<void> }> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(`
    const { parentPort, workerData } = require('node:worker_threads');
    const server = require('node:net').createServer(() => {});
    server.listen({ host: '127.0.0.1', port: 0, backlog: 1 }, () => {
      parentPort.postMessage(server.address().port);
      setImmediate(() => Atomics.wait(workerData, 0, 0));
    });`, { eval: true, workerData: gate });
  const port = await new Promise<number>((resolve) => worker.once('message', resolve));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const fillers = [net.connect(port, '127.0.0.1'), net.connect(port, '127.0.0.1')];
  await Promise.all(fillers.map((s) => new Promise((resolve) => s.once('connect', resolve))));
  return {
    address: `127.0.0.1:${port}`,
    async close() {
      for (const s of fillers) s.destroy();
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
      await worker.terminate();
    },
  };
}
