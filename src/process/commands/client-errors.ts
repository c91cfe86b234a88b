// The expected failures of creating a client, as one line each (no stack): a broken rule
// (manage-clients.ts) and a name or client_id already taken. Both drivers report a unique
// violation as SQLSTATE 23505 with the constraint's name.
import { isUniqueViolation } from '../../db/integrity-errors.ts';
import { ClientRuleError } from '../../services/auth/clients/manage-clients.ts';
import { CommandError } from './command-line.ts';

export async function refusingKnownClientErrors<T>(
  work: () => Promise<T>,
  taken: { clientId?: string; name: string },
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ClientRuleError) throw new CommandError(error.message);
    if (isUniqueViolation(error)) {
      const constraint = (error as { constraint?: string }).constraint ?? '';
      if (constraint.includes('match_name'))
        throw new CommandError(`An integration named "${taken.name}" already exists; choose another --name.`);
      throw new CommandError(`The client_id "${taken.clientId ?? ''}" is already taken; choose another --client-id.`);
    }
    throw error;
  }
}
