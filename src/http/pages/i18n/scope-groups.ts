// The scopes of a consent page (or an application's list) grouped by area, so that an owner asked
// for 36 operator scopes sees at a glance which areas an application may read and which it may
// change (docs/development.md "Page languages"); each item keeps its exact scope name. Meanings come from the
// catalogue keys scope.<name> (English: the words of src/services/auth/scopes.ts, checked by a test).
import { scopeInfo } from '../../../services/auth/scopes.ts';
import type { PageText } from './page-text.ts';

export type ScopeItem = { name: string; meaning: string };
export type ScopeGroup = {
  area: string;
  label: string;
  access: 'identity' | 'read' | 'write' | 'readWrite';
  items: ScopeItem[];
};

/** The area of a scope: identity scopes share one, every other its family (`courses` of `courses:read`). */
function areaOf(name: string): string {
  return scopeInfo(name)?.kind === 'identity' ? 'identity' : (name.split(':')[0] ?? name);
}

export function scopeMeaning(text: PageText, name: string): string {
  return scopeInfo(name) ? text.t(`scope.${name}`) : name;
}

/** Groups in the order of first mention; read before write inside a group. */
export function groupScopes(
  text: PageText,
  names: readonly string[],
): {
  groups: ScopeGroup[];
  readAreas: number;
  writeAreas: number;
  overview: Array<{ access: ScopeGroup['access']; labels: string[] }>;
} {
  const byArea = new Map<string, string[]>();
  for (const name of names) byArea.set(areaOf(name), [...(byArea.get(areaOf(name)) ?? []), name]);
  const groups = [...byArea].map(([area, members]): ScopeGroup => {
    const kinds = new Set(members.map((n) => scopeInfo(n)?.kind));
    const access =
      area === 'identity' ? 'identity' : kinds.has('write') ? (kinds.has('read') ? 'readWrite' : 'write') : 'read';
    const ordered = [...members].sort(
      (a, b) => Number(scopeInfo(a)?.kind === 'write') - Number(scopeInfo(b)?.kind === 'write'),
    );
    const label = text.has(`scopeArea.${area}`) ? text.t(`scopeArea.${area}`) : area;
    return { area, label, access, items: ordered.map((name) => ({ name, meaning: scopeMeaning(text, name) })) };
  });
  const areas = groups.filter((g) => g.access !== 'identity');
  // The glance: which areas it may read and change, only read, or only change.
  const overview = (['readWrite', 'read', 'write'] as const)
    .map((access) => ({ access, labels: areas.filter((g) => g.access === access).map((g) => g.label) }))
    .filter((row) => row.labels.length > 0);
  return {
    groups,
    readAreas: areas.filter((g) => g.access !== 'write').length,
    writeAreas: areas.filter((g) => g.access !== 'read').length,
    overview,
  };
}
