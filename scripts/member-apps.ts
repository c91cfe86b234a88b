// `npm run member-apps -- list | create | delete --site SLUG …`: a school's member applications
// (src/process/commands/member-apps.ts). With the embedded database and a server running, the
// server does the work (src/process/run-command.ts says where each command runs).
import { runFromCommandLine } from '../src/process/run-command.ts';

await runFromCommandLine('member-apps', process.argv.slice(2));
