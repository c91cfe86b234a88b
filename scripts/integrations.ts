// `npm run integrations -- list | add … | remove …`: the deployment's vendor integrations
// (src/process/commands/integrations.ts). With the embedded database and a server running, the
// server does the work (src/process/run-command.ts says where each command runs).
import { runFromCommandLine } from '../src/process/run-command.ts';

await runFromCommandLine('integrations', process.argv.slice(2));
