import {
  mobile as mobileSchema,
  operatorUsername,
  OPS_ROLES,
  password as passwordSchema,
  type OpsRole,
} from '@mchweb/contract';
import { systemActor } from '../actor.ts';
import { BizError } from '../errors.ts';
import { countOperators, createOperator } from '../modules/operator/index.ts';
import { OpsError } from '../ops-error.ts';
import { parseOptions, type Command } from './command.ts';
import { generatedPassword } from './user.commands.ts';

// The operator console's accounts from the command line (issue 28): the first operator is made here, since
// nobody can sign in to the console to create one. Later ones are made in the console by an admin.

function rolesOf(value: string | undefined, first: boolean): OpsRole[] {
  if (value === undefined) {
    if (first) return ['ADMIN'];
    throw new OpsError(`--roles is required: one or more of ${OPS_ROLES.join(', ')}, comma-separated.`);
  }
  const roles = value.split(',').map((r) => r.trim().toUpperCase());
  const unknown = roles.filter((r) => !(OPS_ROLES as readonly string[]).includes(r));
  if (unknown.length) throw new OpsError(`Unknown role ${unknown.join(', ')}; one of ${OPS_ROLES.join(', ')}.`);
  return roles as OpsRole[];
}

export const OPERATOR_COMMANDS: Record<string, Command> = {
  'operator:create': {
    usage: 'operator:create <username> --name N [--roles R[,R]] [--mobile M] [--password P]',
    help: 'create an operator of the console (the first one: ADMIN by default); prints its TOTP secret and URI',
    async run(db, args) {
      const { positional, options } = parseOptions(args, ['name', 'roles', 'mobile', 'password']);
      const username = operatorUsername.safeParse(positional[0] ?? '');
      if (!username.success) {
        throw new OpsError(`"${positional[0] ?? ''}" is not a username: 3 to 32 of a-z, 0-9, dot, underscore, hyphen.`);
      }
      const name = options.name?.trim();
      if (!name) throw new OpsError('--name is required: the name other operators and the audit log show.');
      if (options.mobile !== undefined && !mobileSchema.safeParse(options.mobile).success) {
        throw new OpsError(`--mobile "${options.mobile}" is not a mainland China mobile number of 11 digits.`);
      }
      if (options.password !== undefined) {
        const checked = passwordSchema.safeParse(options.password);
        if (!checked.success)
          throw new OpsError(`--password ${checked.error.issues.map((i) => i.message).join(', ')}.`);
      }
      const roles = rolesOf(options.roles, (await countOperators(db)) === 0);
      const password = options.password ?? generatedPassword();
      try {
        const made = await createOperator(db, systemActor('ops'), {
          username: username.data,
          name,
          mobile: options.mobile,
          roles,
          password,
        });
        return [
          `Operator ${made.operator.operatorId} created: ${made.operator.username} (${name}), roles ${roles.join(', ')}.`,
          options.password === undefined
            ? `Password (shown once; change it after signing in): ${password}`
            : 'Password: as given.',
          `TOTP secret (type it into an authenticator app): ${made.totpSecret}`,
          `otpauth URI (or scan it as a QR code): ${made.otpauthUri}`,
          'Next: sign in at /ops/ with the password, then the 6-digit code of the app (the first code confirms it).',
        ].join('\n');
      } catch (err) {
        if (err instanceof BizError) throw new OpsError(err.text['en-US']);
        throw err;
      }
    },
  },
};
