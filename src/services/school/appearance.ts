// Rules of the school's appearance (OpenAPI tag Appearance: get, partial update).
// A school that never changed it reads the table's defaults. The logo is an uploaded image of
// this school or an external URL, never both. Custom CSS is bounded by the spec and may not close
// the style element it is rendered into, which would let it inject markup into every page.
import type { Db } from '../../db/database.ts';
import {
  findAppearance,
  upsertAppearance,
  type AppearanceChanges,
  type AppearanceRow,
} from '../../db/repositories/appearances.ts';
import { findStoredFile } from '../../db/repositories/stored-files.ts';
import type { Theme } from '../../db/schema.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from './sites.ts';
import { RuleViolation } from '../errors.ts';
import { fileUrl } from '../uploads/storage.ts';

export type AppearanceInput = {
  theme?: Theme;
  primary_color?: string;
  accent_color?: string;
  font_family?: string | null;
  logo?: { file_id?: string; url?: string } | null;
  favicon_url?: string | null;
  custom_css?: string | null;
};

/** The migration's column defaults (2026-11-22T0001, site_appearances). */
const DEFAULTS = { theme: 'system', primary_color: '#4f46e5', accent_color: '#f59e0b' } as const;

function toAppearance(site: Site, row: AppearanceRow | undefined) {
  if (!row)
    return { ...DEFAULTS, font_family: null, logo: null, favicon_url: null, custom_css: null, updated_at: null };
  const fromFile =
    row.logo_file_id && row.logo_filename !== null
      ? { file_id: row.logo_file_id, url: fileUrl(site, { id: row.logo_file_id, filename: row.logo_filename }) }
      : null;
  return {
    theme: row.theme,
    primary_color: row.primary_color,
    accent_color: row.accent_color,
    font_family: row.font_family,
    logo: fromFile ?? (row.logo_url ? { file_id: null, url: row.logo_url } : null),
    favicon_url: row.favicon_url,
    custom_css: row.custom_css,
    updated_at: toIso(row.updated_at),
  };
}

export function createAppearanceAdmin(db: Db) {
  async function logoColumns(
    site: Site,
    logo: AppearanceInput['logo'],
  ): Promise<Pick<AppearanceChanges, 'logo_file_id' | 'logo_url'>> {
    if (logo === undefined) return {};
    if (logo === null) return { logo_file_id: null, logo_url: null };
    if (logo.url !== undefined) return { logo_file_id: null, logo_url: logo.url };
    const file = logo.file_id ? await findStoredFile(db, site.id, logo.file_id) : undefined;
    if (!file || !file.content_type.startsWith('image/'))
      throw RuleViolation.at('/body/logo/file_id', 'is not an image uploaded to this school');
    return { logo_file_id: file.id, logo_url: null };
  }

  return {
    async get(site: Site) {
      return toAppearance(site, await findAppearance(db, site.id));
    },
    async update(site: Site, input: AppearanceInput) {
      const { logo, custom_css: css, ...rest } = input;
      if (css && /<\/style/i.test(css)) throw RuleViolation.at('/body/custom_css', 'may not contain </style');
      await upsertAppearance(db, site.id, {
        ...rest,
        ...(css !== undefined ? { custom_css: css } : {}),
        ...(await logoColumns(site, logo)),
      });
      return toAppearance(site, await findAppearance(db, site.id));
    },
  };
}

export type AppearanceAdmin = ReturnType<typeof createAppearanceAdmin>;
