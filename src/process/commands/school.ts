// `--site SLUG` of the school commands: an unknown slug is answered with the valid ones when
// there are few (an expected condition is one line), so the operator can correct the line without another query.
import type { Db } from '../../db/database.ts';
import { findSiteIdBySlug } from '../../db/repositories/oauth-clients.ts';
import { listSiteSlugs } from '../../db/repositories/sites.ts';
import { CommandError } from './command-line.ts';

const LISTED_AT_MOST = 10;

export async function siteIdOf(db: Db, slug: string): Promise<string> {
  const siteId = await findSiteIdBySlug(db, slug);
  if (siteId) return siteId;
  const slugs = await listSiteSlugs(db);
  if (slugs.length === 0)
    throw new CommandError(
      `No school "${slug}": the database holds no school yet (npm run seed creates the demo schools).`,
    );
  const shown = slugs.slice(0, LISTED_AT_MOST).join(', ');
  const more = slugs.length > LISTED_AT_MOST ? ` and ${slugs.length - LISTED_AT_MOST} more` : '';
  throw new CommandError(`No school "${slug}". --site takes one of: ${shown}${more}.`);
}
