// The device line of a session on /account/sessions ("Firefox on Windows"): a bounded heuristic
// over the User-Agent header the browser sent at sign-in, not a parser of every agent. It reads at
// most the first 300 characters (sign-in stores no more), runs only fixed, anchored-free literal
// tests (no backtracking on hostile input), and says "unknown" for anything else. The words are
// product names, the same in every language; the page supplies the catalogue's "unknown".

export type DeviceSummary = { browser: string | undefined; system: string | undefined };

// Order matters: agents name the engines they imitate (Edge says Chrome and Safari, Chrome says Safari).
const BROWSERS: ReadonlyArray<[marker: string, name: string]> = [
  ['Edg/', 'Edge'],
  ['EdgA/', 'Edge'],
  ['OPR/', 'Opera'],
  ['SamsungBrowser/', 'Samsung Internet'],
  ['Firefox/', 'Firefox'],
  ['FxiOS/', 'Firefox'],
  ['CriOS/', 'Chrome'],
  ['Chromium/', 'Chromium'],
  ['HeadlessChrome/', 'Chrome'],
  ['Chrome/', 'Chrome'],
  ['Safari/', 'Safari'],
  ['curl/', 'curl'],
];

const SYSTEMS: ReadonlyArray<[marker: string, name: string]> = [
  ['iPhone', 'iPhone'],
  ['iPad', 'iPad'],
  ['Android', 'Android'],
  ['CrOS', 'ChromeOS'],
  ['Windows', 'Windows'],
  ['Mac OS X', 'macOS'],
  ['Macintosh', 'macOS'],
  ['Linux', 'Linux'],
];

const firstMatch = (agent: string, table: ReadonlyArray<[string, string]>) =>
  table.find(([marker]) => agent.includes(marker))?.[1];

export function deviceOf(userAgent: string | null): DeviceSummary {
  const agent = (userAgent ?? '').slice(0, 300);
  return { browser: firstMatch(agent, BROWSERS), system: firstMatch(agent, SYSTEMS) };
}
