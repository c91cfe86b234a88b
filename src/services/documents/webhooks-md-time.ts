// Durations as /webhooks.md states them: about how long, in the largest unit that reads well
// ("2.7 min", "11 h", "2.6 days"), since the retry schedule's waits are jittered anyway.
const UNITS: ReadonlyArray<readonly [ms: number, unit: string, from: number]> = [
  [86_400_000, 'days', 2 * 86_400_000],
  [3_600_000, 'h', 3_600_000],
  [60_000, 'min', 60_000],
  [1_000, 's', 1_000],
];

const rounded = (n: number): string => String(n >= 10 ? Math.round(n) : Math.round(n * 10) / 10);

export function approximately(ms: number): string {
  for (const [size, unit, from] of UNITS) if (ms >= from) return `${rounded(ms / size)} ${unit}`;
  return `${rounded(ms)} ms`;
}
