/** A refusal of the operator's input (npm run ops): printed as is, exit code 1. */
export class OpsError extends Error {}
