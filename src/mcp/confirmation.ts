// The confirmation round before an operator tool deletes, refunds, removes a person or changes
// roles (MCP 2026-07-28 multi-round-trip requests): the first call answers `input_required` with a
// yes/no elicitation and a sealed requestState naming this very call (tool, caller, arguments); the
// client's retry carries both back, and only an accepted "yes" to the same call runs it. 2025-era
// requests have no such round on a stateless endpoint and run as before (docs/agents.md "MCP").
import { createHash } from 'node:crypto';
import {
  acceptedContent,
  createRequestStateCodec,
  inputRequired,
  type InputRequiredResult,
  type RequestStateCodec as SdkRequestStateCodec,
} from '@modelcontextprotocol/server';
import type { AuthInfo } from '../http/bearer-guard.ts';

/** What a confirmation round seals: which call the "yes" is for (a digest, so nothing readable). */
export type ConfirmationState = { call: string };
export type RequestStateCodec = SdkRequestStateCodec<ConfirmationState>;

/** Ten minutes to answer, like the SDK's default; the key is the deployment's, so any instance verifies. */
export function confirmationCodec(key: Uint8Array): RequestStateCodec {
  return createRequestStateCodec<ConfirmationState>({ key, ttlSeconds: 600 });
}

const CONFIRM_SCHEMA = {
  type: 'object' as const,
  properties: {
    confirm: { type: 'boolean' as const, title: 'Confirm', description: 'Yes: run it. This cannot be undone.' },
  },
  required: ['confirm'],
};

/** The call a confirmation is for: tool, caller (token hash, or none) and arguments. */
function callDigest(tool: string, auth: AuthInfo | undefined, args: unknown): string {
  return createHash('sha256')
    .update(`${tool}\0${auth?.tokenHash ?? ''}\0${JSON.stringify(args)}`, 'utf8')
    .digest('base64url');
}

export type ConfirmationRound = {
  codec: RequestStateCodec;
  /** The verified state the retry carried (the SDK ran codec.verify), if any. */
  state: unknown;
  inputResponses: Record<string, unknown> | undefined;
};

/**
 * 'run' when the caller confirmed this very call; 'declined' when they answered anything but yes;
 * otherwise the input_required result that asks them.
 */
export async function confirmationOf(
  round: ConfirmationRound,
  tool: string,
  auth: AuthInfo | undefined,
  args: unknown,
  question: string,
): Promise<'run' | 'declined' | InputRequiredResult> {
  const call = callDigest(tool, auth, args);
  const state = round.state as ConfirmationState | undefined;
  if (state?.call === call && round.inputResponses && 'confirm' in round.inputResponses) {
    const answer = acceptedContent<{ confirm?: unknown }>(round.inputResponses, 'confirm');
    return answer?.confirm === true ? 'run' : 'declined';
  }
  return inputRequired({
    inputRequests: { confirm: inputRequired.elicit({ message: question, requestedSchema: CONFIRM_SCHEMA }) },
    requestState: await round.codec.mint({ call }),
  });
}
