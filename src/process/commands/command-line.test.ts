// A wrong command line is refused in one line that says what is valid, before
// anything is opened (strict parseArgs; command-line.ts).
import { describe, expect, it } from 'vitest';
import { parseCommandLine, UsageError } from './command-line.ts';
import { commands } from './index.ts';

function refusal(name: keyof typeof commands, argv: string[]): string {
  try {
    parseCommandLine(commands[name], argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('accepted');
}

describe('command lines (a wrong one is one line naming what is valid)', () => {
  it('a misspelled flag is refused, naming the valid ones', () => {
    expect(refusal('integrations', ['add', '--nmae', 'X', '--client-id', 'x'])).toBe(
      'Unknown option --nmae. integrations add takes --name, --client-id, --redirect-uri, --scope, --confidential.',
    );
    expect(refusal('member-apps', ['list', '--site', 'demo-academy', '--verbose'])).toMatch(
      /^Unknown option --verbose\. member-apps list takes --site\.$/,
    );
  });

  it('a flag of another action, a stray argument, a value for a switch, a missing value are refused', () => {
    expect(refusal('integrations', ['list', '--site', 'x'])).toMatch(/^Unknown option --site\./);
    expect(refusal('seed', ['now'])).toBe('Unexpected argument "now". seed takes no options.');
    expect(refusal('member-apps', ['create', '--site', 'a', '--name', 'n', '--confidential=yes'])).toMatch(
      /--confidential/,
    );
    expect(refusal('integrations', ['remove', '--client-id'])).toMatch(/--client-id/);
  });

  it('a missing required flag and an unknown action name the usage', () => {
    expect(refusal('integrations', ['add', '--name', 'X'])).toMatch(
      /^integrations add needs --client-id\. usage: npm run integrations -- /,
    );
    expect(refusal('signing-keys', ['rotate'])).toMatch(/^signing-keys rotate needs --site\./);
    expect(refusal('signing-keys', ['spin', '--site', 'x'])).toMatch(/^Unknown command "spin"\. usage: /);
    expect(refusal('member-apps', [])).toMatch(/^usage: /);
  });

  it('a correct line parses', () => {
    expect(
      parseCommandLine(commands['member-apps'], [
        'create',
        '--site',
        'a',
        '--name',
        'n',
        '--scope',
        'openid',
        '--scope',
        'account:read',
        '--confidential',
      ]),
    ).toEqual({
      action: 'create',
      values: { site: 'a', name: 'n', scope: ['openid', 'account:read'], confidential: true },
    });
    expect(parseCommandLine(commands.seed, [])).toEqual({ action: 'seed', values: {} });
  });
});
