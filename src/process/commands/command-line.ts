// The operator commands (`npm run integrations`, `member-apps`, `signing-keys`,
// `seed`) as data: each action names its options, and one parser reads them in strict mode
// (node:util parseArgs), so a misspelled flag is refused in one line that lists the valid ones,
// never ignored. The same definitions run in the command's own process and, over the control
// socket, inside the running server (control-channel.ts), so both paths apply the same rules.
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import type { Config } from '../../config/config.ts';
import type { Db } from '../../db/database.ts';
import type { SigningKeyService } from '../../services/auth/keys/signing-keys.ts';

/** A wrong command line: exit code 2 (the usual "misuse" status). */
export class UsageError extends Error {}
/** An expected refusal (unknown school, duplicate client id, rule broken): exit code 1, one line. */
export class CommandError extends Error {}

export type CommandContext = {
  db: Db;
  config: Config;
  /** The signing-key service: the server's own one (its cache then follows at once), or a new one. */
  signingKeys: () => SigningKeyService;
};

export type OptionValues = { [name: string]: string | boolean | Array<string | boolean> | undefined };

export type Action = {
  options: ParseArgsOptionsConfig;
  /** Options that must be given, checked before anything runs. */
  required?: string[];
  run(ctx: CommandContext, values: OptionValues): Promise<string[]>;
};

export type Command = {
  name: string;
  usage: string;
  actions: Record<string, Action>;
  /** A command without sub-commands (seed): its one action, named here, is never typed. */
  only?: string;
};

export type Parsed = { action: string; values: OptionValues };

function optionList(options: ParseArgsOptionsConfig): string {
  const names = Object.keys(options).map((name) => `--${name}`);
  return names.length ? names.join(', ') : 'no options';
}

export function parseCommandLine(command: Command, argv: readonly string[]): Parsed {
  const action = command.only ?? argv[0] ?? '';
  const definition = Object.hasOwn(command.actions, action) ? command.actions[action] : undefined;
  if (!definition) throw new UsageError(action ? `Unknown command "${action}". ${command.usage}` : command.usage);
  const label = command.only ? command.name : `${command.name} ${action}`;
  let values: OptionValues;
  try {
    ({ values } = parseArgs({
      args: command.only ? [...argv] : argv.slice(1),
      options: definition.options,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${describeParseError(error)} ${label} takes ${optionList(definition.options)}.`);
  }
  const missing = (definition.required ?? []).filter((name) => values[name] === undefined);
  if (missing.length)
    throw new UsageError(`${label} needs ${missing.map((name) => `--${name}`).join(' and ')}. ${command.usage}`);
  return { action, values };
}

// parseArgs' own messages are long and suggest `--` escapes; these say what was wrong in a few words.
function describeParseError(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  const quoted = /'([^']+)'/.exec(message ?? '')?.[1];
  switch (code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Unknown option ${quoted ?? ''}.`.replace(' .', '.');
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Unexpected argument ${JSON.stringify(quoted ?? '')}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return `${(message ?? 'Invalid option value').split('\n')[0]!.replace(/\.$/, '')}.`;
    default:
      throw error;
  }
}

export function stringOption(values: OptionValues, name: string): string | undefined {
  const value = values[name];
  return typeof value === 'string' ? value : undefined;
}

export function listOption(values: OptionValues, name: string): string[] {
  const value = values[name];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
