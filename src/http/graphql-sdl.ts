// The member API's SDL as spec/ holds it (the source of truth, DESIGN habit 1), read once: the
// executable schema is built from it (graphql/schema.ts) and /account/graphql/schema.graphql serves its
// exact bytes, so what client generators read is what the server runs.
import { readFileSync } from 'node:fs';

const SDL_URL = new URL('../../spec/graphql/account.graphql', import.meta.url);

let sdl: string | undefined;

export function accountSdl(): string {
  sdl ??= readFileSync(SDL_URL, 'utf8');
  return sdl;
}
