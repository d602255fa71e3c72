import http from 'node:http';
import type net from 'node:net';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, and which of the secrets it was given verify it (the `standardwebhooks` package). */
export interface Received {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** For each secret the receiver knows, whether `Webhook.verify` accepted the request. */
  verifiedBy: boolean[];
  answered: number | null;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Secrets to verify with (an endpoint's, read from the portal). */
  secrets: string[];
  /** What the next requests get: a status, or `hang` (never answered, as a receiver the sender dies on). */
  answer: number | 'hang';
  /** Resolves when `pred` holds of what was received (checked on each request), or rejects after `deadlineMs`. */
  until(pred: (received: Received[]) => boolean, deadlineMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

/** A real local HTTP server receiving webhooks, verifying each with the published `standardwebhooks` library. */
export async function startReceiver(path = '/hooks'): Promise<Receiver> {
  const sockets = new Set<net.Socket>();
  const waiting: Array<() => void> = [];
  const self: Receiver = {
    url: '',
    received: [],
    secrets: [],
    answer: 200,
    until(pred, deadlineMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `receiver: not there after ${deadlineMs} ms; got ${JSON.stringify(self.received.map((r) => [r.id, r.payload.type, r.answered]))}`,
              ),
            ),
          deadlineMs,
        );
        const check = () => {
          if (!pred(self.received)) return void waiting.push(check);
          clearTimeout(timer);
          resolve(self.received);
        };
        check();
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      const verifiedBy = self.secrets.map((secret) => {
        try {
          new Webhook(secret).verify(body, headers);
          return true;
        } catch {
          return false;
        }
      });
      const answer = req.url === path ? self.answer : 404;
      self.received.push({
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signature: headers['webhook-signature'],
        body,
        payload: JSON.parse(body) as Received['payload'],
        verifiedBy,
        answered: answer === 'hang' ? null : answer,
      });
      if (answer !== 'hang') res.writeHead(answer, { 'content-type': 'text/plain' }).end(answer < 300 ? 'ok' : 'nope');
      for (const w of waiting.splice(0)) w();
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  self.url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}${path}`;
  return self;
}
