// Refunding an order (OpenAPI refundOrder), in two steps. The order page's form asks for the amount
// (blank: everything still paid) and whether to take back the access the order gave
// (revoke_access); the next page says in numbers what confirming will do ("ends access to 2
// courses"), worked out by the refund service itself in a transaction it rolls back
// (order-writes.ts previewRefund), so it cannot differ from what the refund then does. Only the
// confirmation posts.
import type { AreaCall } from '../areas/area-route.ts';
import { checked, field, type FormBody } from '../areas/forms.ts';
import { siteText } from '../../http/pages/render-page.ts';
import { textKey } from '../../lib/text-key.ts';
import { addError, refusalErrors, type FieldErrors } from './field-errors.ts';
import { foundOr, requireScope, rowId } from './page-guards.ts';
import { minorUnits, ORDER_PURPOSES } from './order-forms.ts';
import { NO_ORDER } from './orders-list.ts';
import type { AdminPageDeps } from './types.ts';

type RefundForm = { amount: string; revoke_access: boolean };

export function mountOrderRefund({ router, area, admin }: AdminPageDeps): void {
  async function orderOf(call: AreaCall) {
    requireScope(call, 'orders:write');
    const id = rowId(call.params.id, NO_ORDER);
    return foundOr(NO_ORDER, () => admin.orders.get(call.ctx.site, id));
  }
  type Order = Awaited<ReturnType<typeof orderOf>>;

  /** The order's page again with the refund form's errors beside its fields. */
  function orderPage(call: AreaCall, order: Order, form: RefundForm, errors: FieldErrors) {
    return call.page(
      './admin/order',
      {
        titleKey: 'adminOrders.order.title',
        titleVars: { number: order.number },
        current: '/admin/orders',
        order,
        left: { amount: order.total.amount - order.refunded.amount, currency: order.currency },
        canRefund: true,
        csrfToken: call.csrf(ORDER_PURPOSES.refund),
        errors,
        form,
      },
      400,
    );
  }

  /** The refund the form asks for, or the errors to show beside its fields. */
  function readRefund(call: AreaCall, order: Order, source: FormBody) {
    const form: RefundForm = {
      amount: (field(source, 'amount') ?? '').trim(),
      revoke_access: checked(source, 'revoke_access'),
    };
    const amount = form.amount ? minorUnits(form.amount, order.currency) : undefined;
    const errors: FieldErrors = {};
    if (form.amount && (amount === undefined || amount === 0))
      addError(errors, 'amount', textKey('adminForms.fieldError.amount'));
    return { form, input: { amount, revoke_access: form.revoke_access }, errors };
  }

  /** A refusal of the service beside the field; "at most" said as money of the order's currency. */
  function refusal(call: AreaCall, order: Order, form: RefundForm, error: unknown) {
    const refused = refusalErrors(error, { amount: 'amount' }, NO_ORDER);
    if (!refused) throw error;
    if (refused.amount) {
      const left = siteText(call.ctx).money({
        amount: order.total.amount - order.refunded.amount,
        currency: order.currency,
      });
      refused.amount = [textKey('adminOrders.refund.atMost', { max: left })];
    }
    return orderPage(call, order, form, refused);
  }

  router.get(
    '/orders/:id/refund',
    area.page(async (call) => {
      const order = await orderOf(call);
      const { form, input, errors } = readRefund(call, order, call.query);
      if (Object.keys(errors).length) return orderPage(call, order, form, errors);
      let preview;
      try {
        preview = await admin.orders.previewRefund(call.ctx.site, order.id, input);
      } catch (error) {
        return refusal(call, order, form, error);
      }
      return call.page('./admin/order-refund', {
        titleKey: 'adminOrders.refund.title',
        titleVars: { number: order.number },
        current: '/admin/orders',
        order,
        form,
        amount: { amount: preview.amount, currency: order.currency },
        endsAccess: preview.endsAccess,
        csrfToken: call.csrf(ORDER_PURPOSES.refund),
      });
    }),
  );

  router.post(
    '/orders/:id/refund',
    area.action(ORDER_PURPOSES.refund, async (call) => {
      const order = await orderOf(call);
      const { form, input, errors } = readRefund(call, order, call.body);
      if (Object.keys(errors).length) return orderPage(call, order, form, errors);
      try {
        await admin.orders.refund(call.ctx.site, call.actor, order.id, input);
      } catch (error) {
        return refusal(call, order, form, error);
      }
      return { redirect: `/admin/orders/${order.id}?done=order-refunded` };
    }),
  );
}
