// URL slugs from titles: lower-case ASCII words joined by dashes ("Yoga für jeden Tag" ->
// "yoga-fur-jeden-tag"), the form the database's slug check accepts.
export function slugify(title: string, maxLength = 120): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/g, '');
  return slug || 'untitled';
}
