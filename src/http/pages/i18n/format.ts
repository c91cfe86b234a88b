// Dates, numbers and money on pages, formatted by Intl in the school's language and time zone
// (docs/development.md "Page languages"). Money is an integer of minor units with its currency code (DESIGN Naming):
// Intl knows each currency's minor digits (EUR 2, JPY 0), so nothing here hard-codes them.

/** Digits after the decimal point of a currency (USD 2, JPY 0), as Intl knows them. */
function minorDigits(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

export function toMajor(amount: number, currency: string): number {
  return amount / 10 ** minorDigits(currency);
}

export function formatMoney(amount: number, currency: string, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(toMajor(amount, currency));
}

export type Formatters = ReturnType<typeof makeFormatters>;

/** The formatters of one page: `locale` is the school's language, `timeZone` its IANA zone. */
export function formatters(locale: string, timeZone: string): Formatters {
  const key = `${locale} ${timeZone}`;
  let made = cache.get(key);
  if (!made) cache.set(key, (made = makeFormatters(locale, timeZone)));
  return made;
}

// Intl formatters are costly to build and few (languages × time zones): built once each.
const cache = new Map<string, Formatters>();

function makeFormatters(locale: string, timeZone: string) {
  // dateStyle cannot be combined with timeZoneName, so the parts are named.
  const dateTimeFormat = new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone });
  const numberFormat = new Intl.NumberFormat(locale);
  const percentFormat = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const listFormat = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
  const valid = (value: Date | string | null | undefined): Date | undefined => {
    if (value === null || value === undefined || value === '') return undefined;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? undefined : date;
  };
  return {
    /** A moment for people ("25 Nov 2026, 01:33 CET"); "—" when there is none. */
    dateTime: (value: Date | string | null | undefined) => {
      const d = valid(value);
      return d ? dateTimeFormat.format(d) : '—';
    },
    /** A calendar day ("25.11.2026"); "—" when there is none. */
    date: (value: Date | string | null | undefined) => {
      const d = valid(value);
      return d ? dateFormat.format(d) : '—';
    },
    /** The machine-readable moment of a <time datetime> (ISO 8601 UTC). */
    iso: (value: Date | string | null | undefined) => valid(value)?.toISOString() ?? '',
    number: (value: number) => numberFormat.format(value),
    /** A share from 0 to 100 ("42 %", "42%" as the language writes it). */
    percent: (value: number | null | undefined) =>
      value === null || value === undefined ? '—' : percentFormat.format(value / 100),
    money: (value: { amount: number; currency: string }) => formatMoney(value.amount, value.currency, locale),
    list: (items: string[]) => listFormat.format(items),
  };
}
