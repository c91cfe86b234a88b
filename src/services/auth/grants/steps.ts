// A grant of the token endpoint is an ordered list of small named steps (node-oidc-provider's
// lib/actions/grants/ shows the idea), each with one job and the rule it keeps. The steps of one
// grant share a context they fill in turn. A step that has answered before the end of the list
// (a rotation the common case did, a retry given what it was given before) returns ANSWERED, and
// the rest are skipped.
//
// A step stops the grant with an error in one of two ways, and the difference is what stays written:
// - it returns the OAuthError: what the steps before it wrote is kept (a code a failed exchange
//   burnt, RFC 9700 2.1.1; a family a reused token ended, RFC 9700 4.14.2), then the error is sent;
// - it throws: the transaction it runs in is undone, as if the request had never come.
import type { Db } from '../../../db/database.ts';
import type { OAuthError } from '../errors.ts';

export const ANSWERED = 'answered';
export type Stop = OAuthError | typeof ANSWERED;

export type StepContext = { db: Db };
export type Step<C extends StepContext> = (context: C) => Promise<Stop | undefined> | Stop | undefined;

/** Runs `steps` in order until one stops them (an error, or ANSWERED), and says how they stopped. */
export async function runSteps<C extends StepContext>(
  steps: readonly Step<C>[],
  context: C,
): Promise<Stop | undefined> {
  for (const step of steps) {
    const stop = await step(context);
    if (stop) return stop;
  }
  return undefined;
}

/**
 * Steps that run in one transaction (DESIGN habit 4), with `context.db` the transaction while they
 * run: an error a step returns is sent once the transaction has committed what came before it.
 */
export function inOneTransaction<C extends StepContext>(...steps: Step<C>[]): Step<C> {
  const transaction = async (context: C) => {
    const outer = context.db;
    try {
      return await outer.transaction().execute((trx) => {
        context.db = trx;
        return runSteps(steps, context);
      });
    } finally {
      context.db = outer;
    }
  };
  // Named after its steps, so that a trace or a debugger shows the list.
  return Object.defineProperty(transaction, 'name', {
    value: `inOneTransaction(${steps.map((step) => step.name).join(', ')})`,
  });
}
