// Errors whose wire format is fixed by an RFC rather than by RFC 9457: OAuth error responses
// (RFC 6749 5.2) and bearer challenges (RFC 6750 3). Their classes live with their surface; this
// is the shape the one renderer needs to know.
export type WireResponse = { status: number; headers: Record<string, string>; body: Record<string, unknown> };

export interface WireError {
  readonly isWireError: true;
  toWire(): WireResponse;
}

export function isWireError(error: unknown): error is WireError {
  return typeof error === 'object' && error !== null && (error as Partial<WireError>).isWireError === true;
}
