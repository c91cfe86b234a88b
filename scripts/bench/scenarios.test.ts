import { describe, expect, it } from 'vitest';
import { roundOrder, type ScenarioId, type TargetId } from './scenarios.ts';

const row = (scenario: ScenarioId, target: TargetId) => ({ scenario, target });
const names = (rows: { scenario: ScenarioId; target: TargetId }[]) => rows.map((r) => `${r.scenario}:${r.target}`);

describe('the order of a round (bench/README.md, "Targets": every ratio from servers measured in the same round)', () => {
  const rows = [
    row('hello-world', 'hello-world'),
    row('refresh', 'ours'),
    row('refresh', 'ours-small'),
    row('refresh', 'oidc-provider-pg'),
    row('discovery', 'ours'),
    row('discovery', 'baseline'),
  ];

  it('rotates each scenario’s servers by the repetition, so that none always runs first, and keeps the scenarios in order', () => {
    expect(names(roundOrder(rows, 0))).toEqual(names(rows));
    expect(names(roundOrder(rows, 1))).toEqual([
      'hello-world:hello-world',
      'refresh:ours-small',
      'refresh:oidc-provider-pg',
      'refresh:ours',
      'discovery:baseline',
      'discovery:ours',
    ]);
    const firsts = [0, 1, 2].map((rep) => roundOrder(rows, rep).find((r) => r.scenario === 'refresh')!.target);
    expect(firsts).toEqual(['ours', 'ours-small', 'oidc-provider-pg']);
  });

  it('runs every row once in every round', () => {
    for (const rep of [0, 1, 2, 7]) expect(names(roundOrder(rows, rep)).sort()).toEqual(names(rows).sort());
  });
});
