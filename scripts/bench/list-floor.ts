// The floor under the order list's throughput on this machine: a bare Fastify route that sends the list's own SQL
// with its values bound (a prepared statement planned once, on a pool of 4, as the server's list reads do) and answers
// the page it writes in the envelope. No session, no hooks, no query builder, no response schema. Spawned by the orders
// benchmark and loaded like the real route:
//
//   node --import tsx scripts/bench/list-floor.ts <database url> <port> <statement file: {"text", "values"}>
import fs from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { PLANNED_ONCE } from '../../apps/server/src/db/client.ts';

const [url, port, statementFile] = process.argv.slice(2) as [string, string, string];
const { text, values } = JSON.parse(fs.readFileSync(statementFile, 'utf8')) as { text: string; values: unknown[] };
const pool = new pg.Pool({ connectionString: url, max: 4, options: PLANNED_ONCE });
const app = Fastify();
app.post('/list', async (_request, reply) => {
  // The query's one column has no name of its own (the server reads it by position too): read as an array.
  const { rows } = await pool.query<[string]>({ name: 'order_page', text, values, rowMode: 'array' });
  return reply.type('application/json; charset=utf-8').send(`{"code":200,"msg":"ok","data":${rows[0]![0]}}`);
});
await app.listen({ port: Number(port), host: '127.0.0.1' });
process.on('SIGTERM', () => void app.close().then(() => pool.end()));
