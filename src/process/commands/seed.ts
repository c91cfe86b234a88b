// `npm run seed`: migrate and seed the demo schools explicitly (on the configured database).
// Like `npm start`, it never seeds a database that already holds a school. Run through the
// server, the server's own origins are used (they are the ones it answers on).
import { seedDemoSchools } from '../../db/seed/demo-schools.ts';
import type { Command } from './command-line.ts';

export const seed: Command = {
  name: 'seed',
  usage: 'usage: npm run seed',
  only: 'seed',
  actions: {
    seed: {
      options: {},
      async run({ db, config }) {
        const { seeded } = await seedDemoSchools(db, { primary: config.publicUrl, secondary: config.secondSiteUrl });
        return [
          seeded
            ? `Seeded the demo schools at ${config.publicUrl} and ${config.secondSiteUrl}.`
            : 'The database already holds a school; nothing seeded.',
        ];
      },
    },
  },
};
