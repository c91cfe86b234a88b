// The runner of a grant's named steps (steps.ts): steps run in order; a returned error or ANSWERED
// skips the rest; inside inOneTransaction the steps see the transaction as their database, and the
// outer one again afterwards, whether they stopped, answered or threw.
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../db/database.ts';
import { InvalidGrant } from '../errors.ts';
import { ANSWERED, inOneTransaction, runSteps, type Step } from './steps.ts';

type Context = { db: Db; seen: string[] };
const outer = { transaction: () => ({ execute: <T>(fn: (trx: Db) => Promise<T>) => fn(trx) }) } as unknown as Db;
const trx = { name: 'trx' } as unknown as Db;

const note =
  (name: string, stop?: ReturnType<Step<Context>>): Step<Context> =>
  (context) => {
    context.seen.push(`${name}@${context.db === trx ? 'trx' : 'outer'}`);
    return stop;
  };

describe("a grant's steps (steps.ts)", () => {
  it('run in order until one returns an error, which is returned and skips the rest', async () => {
    const context: Context = { db: outer, seen: [] };
    const refused = new InvalidGrant('no');
    expect(await runSteps([note('a'), note('b', refused), note('c')], context)).toBe(refused);
    expect(context.seen).toEqual(['a@outer', 'b@outer']);
  });

  it('stop at ANSWERED, also from inside a transaction, without an error', async () => {
    const context: Context = { db: outer, seen: [] };
    const steps = [note('a'), inOneTransaction(note('b'), note('c', ANSWERED), note('d')), note('e')];
    expect(await runSteps(steps, context)).toBe(ANSWERED);
    expect(context.seen).toEqual(['a@outer', 'b@trx', 'c@trx']);
  });

  it('see the transaction inside inOneTransaction and the outer database after it (DESIGN habit 4)', async () => {
    const context: Context = { db: outer, seen: [] };
    expect(await runSteps([inOneTransaction(note('a'), note('b')), note('c')], context)).toBeUndefined();
    expect(context.seen).toEqual(['a@trx', 'b@trx', 'c@outer']);
  });

  it('get the outer database back when a step in the transaction throws', async () => {
    const context: Context = { db: outer, seen: [] };
    const boom: Step<Context> = () => {
      throw new Error('boom');
    };
    await expect(runSteps([inOneTransaction(note('a'), boom)], context)).rejects.toThrow('boom');
    expect(context.db).toBe(outer);
  });

  it('name a transaction after the steps it runs, so a trace shows the list', () => {
    function first() {
      return undefined;
    }
    function second() {
      return undefined;
    }
    expect(inOneTransaction(first, second).name).toBe('inOneTransaction(first, second)');
  });
});
