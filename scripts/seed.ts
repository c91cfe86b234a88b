// `npm run seed`: migrate and seed the demo schools explicitly (src/process/commands/seed.ts);
// never on a database that already holds a school. With the embedded database and a server
// running, the server seeds its own database.
import { runFromCommandLine } from '../src/process/run-command.ts';

await runFromCommandLine('seed', process.argv.slice(2));
