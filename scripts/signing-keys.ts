// `npm run signing-keys -- list | rotate --site SLUG [--alg ES256|RS256]`: a school's ID-token
// signing keys (src/process/commands/signing-keys.ts). With the embedded database and a server
// running, the server rotates with its own key service and signs with the new key at once.
import { runFromCommandLine } from '../src/process/run-command.ts';

await runFromCommandLine('signing-keys', process.argv.slice(2));
