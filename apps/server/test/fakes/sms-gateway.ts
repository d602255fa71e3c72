import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the local SMS gateways share: an HTTP server on a free port of 127.0.0.1 that can answer at once, late, or
 * never (`silent`: it reads the request and keeps the connection open until the gateway closes), and the
 * messages it accepted, for the test to read.
 */
export interface SmsGateway {
  port: number;
  /** Messages the gateway accepted (signed properly, sign and template known, not throttled). */
  sent: { mobile: string; signName: string; template: string; params: unknown }[];
  /** Calls it answered, by action, signature refused or not. */
  calls: { action: string; refused?: string }[];
  /** How the next calls are answered. */
  mode: 'ok' | 'throttle' | 'silent';
  /** Delay before each answer (ms). */
  delayMs: number;
  close(): Promise<void>;
}

export type Handler = (req: http.IncomingMessage, body: Buffer) => { status: number; json: unknown };

export async function startGateway(handle: Handler, gateway: Omit<SmsGateway, 'port' | 'close'>) {
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (gateway.mode === 'silent') {
        hanging.add(res);
        return;
      }
      const { status, json } = handle(req, Buffer.concat(chunks));
      setTimeout(() => {
        res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
        res.end(JSON.stringify(json));
      }, gateway.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const self = gateway as SmsGateway;
  self.port = (server.address() as AddressInfo).port;
  self.close = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return self;
}

export const sha256hex = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
export const hmac = (key: string | Buffer, data: string) => crypto.createHmac('sha256', key).update(data).digest();
export const requestId = () => crypto.randomUUID().toUpperCase();
/** Equal strings compared in constant time, as a gateway compares signatures. */
export const sameText = (a: string, b: string) =>
  a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));
