// `npm run ops -- <command>`: the platform operator's command line (freeze, unfreeze and close organisations,
// list organisations and users). Uses the same database as the server: DATABASE_URL, else PGlite in DATA_DIR.
import { runOps } from '../apps/server/src/ops/cli.ts';

const code = await runOps(process.argv.slice(2), {
  out: (s) => process.stdout.write(s + '\n'),
  err: (s) => process.stderr.write(s + '\n'),
});
process.exit(code);
