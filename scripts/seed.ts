// `npm run seed`: migrate and seed the demo schools explicitly (on the configured database).
// Like `npm start`, it never seeds a database that already holds a school.
import { loadConfig } from '../src/config/config.ts';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoSchools } from '../src/db/seed/demo-schools.ts';
import { mkdirSync } from 'node:fs';

const config = loadConfig();
if (config.database.kind === 'pglite' && config.database.dataDir) mkdirSync(config.database.dataDir, { recursive: true });
const db = await createDatabase(config.database);
try {
  await migrateToLatest(db);
  const { seeded } = await seedDemoSchools(db, { primary: config.publicUrl, secondary: config.secondSiteUrl });
  console.log(seeded ? `Seeded the demo schools at ${config.publicUrl} and ${config.secondSiteUrl}.` : 'The database already holds a school; nothing seeded.');
} finally {
  await db.destroy();
}
