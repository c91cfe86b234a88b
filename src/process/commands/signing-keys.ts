// `npm run signing-keys -- <action> --site SLUG`: a school's ID-token signing keys.
//   list     the keys with their state (next, current, retired) and publish-until time
//   rotate   [--alg ES256|RS256]: next becomes current, current is retired but stays published
//            until every token it signed has expired; a new next key is published
// Run through the server, its own key service makes the change (it signs with the new key at
// once); other instances switch within KEY_STATE_CACHE_SECONDS.
import { listPublishableSigningKeys } from '../../db/repositories/signing-keys.ts';
import { KEY_STATE_CACHE_SECONDS, SIGNING_ALGS } from '../../services/auth/keys/signing-keys.ts';
import { CommandError, stringOption, type Command } from './command-line.ts';
import { siteIdOf } from './school.ts';

const site = { site: { type: 'string' } } as const;

export const signingKeys: Command = {
  name: 'signing-keys',
  usage: 'usage: npm run signing-keys -- list --site SLUG | rotate --site SLUG [--alg ES256|RS256]',
  actions: {
    list: {
      options: site,
      required: ['site'],
      async run(ctx, values) {
        const siteId = await siteIdOf(ctx.db, stringOption(values, 'site')!);
        await ctx.signingKeys().ensureKeys(siteId);
        const rows = await listPublishableSigningKeys(ctx.db, siteId, new Date());
        return rows.map((k) => `${k.kid}\t${k.alg}\t${k.state}\t${k.publish_until?.toISOString() ?? ''}`);
      },
    },
    rotate: {
      options: { ...site, alg: { type: 'string' } },
      required: ['site'],
      async run(ctx, values) {
        const alg = stringOption(values, 'alg');
        if (alg !== undefined && !(SIGNING_ALGS as readonly string[]).includes(alg))
          throw new CommandError(`--alg must be one of ${SIGNING_ALGS.join(', ')}.`);
        const siteId = await siteIdOf(ctx.db, stringOption(values, 'site')!);
        const keys = ctx.signingKeys();
        await keys.ensureKeys(siteId);
        const rotated = await keys.rotate(siteId, alg as (typeof SIGNING_ALGS)[number] | undefined);
        return [
          ...rotated.map(
            (r) => `${r.alg}: now signing with ${r.currentKid}; retired ${r.retiredKid ?? '-'}; next ${r.nextKid}`,
          ),
          `Other instances switch within ${KEY_STATE_CACHE_SECONDS} s.`,
        ];
      },
    },
  },
};
