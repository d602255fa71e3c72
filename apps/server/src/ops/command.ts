import type { Db } from '../db/client.ts';
import { OpsError } from '../ops-error.ts';

/** One operator command of `npm run ops`: what it prints on success; an OpsError for a refusal. */
export interface Command {
  usage: string;
  help: string;
  run(db: Db, args: string[]): Promise<string>;
}

/** `--name value` arguments after the positional ones: {name: value}; a flag without a value is refused. */
export function parseOptions(
  args: string[],
  known: readonly string[],
): { positional: string[]; options: Record<string, string> } {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const value = args[i + 1];
    if (!known.includes(name))
      throw new OpsError(`Unknown option --${name}; known: ${known.map((k) => `--${k}`).join(', ')}.`);
    if (value === undefined || value.startsWith('--')) throw new OpsError(`--${name} needs a value.`);
    options[name] = value;
    i++;
  }
  return { positional, options };
}
