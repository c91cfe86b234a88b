// A date and time as a person types it (`<input type="datetime-local">`: `2026-12-01T09:30`, no
// zone) is a wall-clock time in the school's time zone; the service works in instants. Two rounds
// of "what offset does that zone have then" land on the instant, also across a DST change.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The zone's offset from UTC at `instant` (ms since 1970), in milliseconds (Berlin in winter: +3,600,000). */
export function offsetAt(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const asUtc = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant of `local` in `timeZone`, or undefined when `local` is not a date and time. */
export function instantOfWallClock(local: string, timeZone: string): Date | undefined {
  const match = LOCAL.exec(local.trim());
  if (!match) return undefined;
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  const first = asUtc - offsetAt(asUtc, timeZone);
  return new Date(asUtc - offsetAt(first, timeZone));
}

/** `instant` as `<input type="datetime-local">` shows it in `timeZone` (minutes). */
export function wallClockOf(instant: Date, timeZone: string): string {
  return new Date(instant.getTime() + offsetAt(instant.getTime(), timeZone)).toISOString().slice(0, 16);
}
