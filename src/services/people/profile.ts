// The person's own identity as /account/profile shows it: their address, whether it is proven, and
// their name (the same at every school).
import type { Db } from '../../db/database.ts';
import { findProfile } from '../../db/repositories/people.ts';

export async function findPerson(db: Db, personId: string) {
  const row = await findProfile(db, personId);
  return row && { email: row.email, name: row.name, emailVerified: row.email_verified_at !== null };
}
