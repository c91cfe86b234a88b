// The operator commands by name: what `scripts/*.ts` run, in their own process or through the
// running server's control socket (docs/operations.md "Commands beside a running server"), with the same services.
import { integrations } from './integrations.ts';
import { memberApps } from './member-apps.ts';
import { parseCommandLine, type Command, type CommandContext } from './command-line.ts';
import { seed } from './seed.ts';
import { signingKeys } from './signing-keys.ts';

export const commands = { integrations, 'member-apps': memberApps, 'signing-keys': signingKeys, seed } satisfies Record<
  string,
  Command
>;
export type CommandName = keyof typeof commands;

export function isCommandName(name: unknown): name is CommandName {
  return typeof name === 'string' && Object.hasOwn(commands, name);
}

/** Parses and runs one command line; returns the lines to print. */
export async function runCommand(name: CommandName, argv: readonly string[], ctx: CommandContext): Promise<string[]> {
  const command = commands[name];
  const { action, values } = parseCommandLine(command, argv);
  return command.actions[action]!.run(ctx, values);
}
