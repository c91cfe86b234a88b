// An order's receipt (/account/orders/{id}): its items, totals, payment method and status, laid
// out to print. Read through the member data service, so another person's order is simply not
// found (404), as it is for /account/graphql.
import { AreaNotFound } from '../../services/audit/actor.ts';
import { textKey } from '../../lib/text-key.ts';
import type { AccountPageDeps } from './types.ts';

export function mountAccountReceipt({ router, area, account }: AccountPageDeps): void {
  router.get(
    '/orders/:orderId',
    area.page(async ({ ctx, person, params, page }) => {
      const receipt = await account.receipt(ctx.site.id, person.personId, params.orderId ?? '');
      if (!receipt) throw new AreaNotFound(textKey('memberArea.receipt.notFound'));
      return page('./account/receipt', {
        titleKey: 'memberArea.receipt.title',
        titleVars: { number: receipt.number },
        current: '/account',
        receipt,
      });
    }),
  );
}
