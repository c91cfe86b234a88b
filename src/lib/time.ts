// Times leave the service as ISO 8601 UTC strings on every surface (DESIGN, Naming).
export function toIso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}
