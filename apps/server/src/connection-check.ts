/**
 * What a harmless signed call to an outside service found (`npm run ops -- channel:check`): the channel answered
 * as expected, properly signed; or why not, in the operator's words (bad signature, wrong key, unreachable...).
 * Ports offer it as an optional `check()`: an adapter with nothing to call (the sandbox's) answers connected.
 */
export type ConnectionCheck = { connected: true; detail?: string } | { connected: false; why: string };
