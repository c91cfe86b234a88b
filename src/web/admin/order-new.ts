// "Record an order" (OpenAPI createOrder): a sale made elsewhere (source external, status paid, at
// the item's current price or the amount typed) or access given without payment (source manual,
// total 0). Either grants what it sells in the same transaction, as the API's does. The buyer is
// named by e-mail and must be a student here (order-writes.ts refuses anyone else).
import type { AreaCall } from '../areas/area-route.ts';
import { field, isUuid } from '../areas/forms.ts';
import { textKey } from '../../lib/text-key.ts';
import { addError, refusalErrors, type FieldErrors } from './field-errors.ts';
import { requireScope } from './page-guards.ts';
import { ITEM_TYPES, minorUnits, ORDER_PURPOSES, type ItemType } from './order-forms.ts';
import type { AdminPageDeps } from './types.ts';

type OrderForm = { email: string; item: string; source: string; amount: string; payment_method: string };

const EMPTY: OrderForm = { email: '', item: '', source: 'external', amount: '', payment_method: '' };

export function mountOrderNew({ router, area, admin }: AdminPageDeps): void {
  async function formPage(call: AreaCall, form: OrderForm, errors: FieldErrors = {}, status = 200) {
    return call.page(
      './admin/order-new',
      {
        titleKey: 'adminOrders.new.title',
        current: '/admin/orders',
        form,
        sellable: await admin.orders.sellable(call.ctx.site),
        itemTypes: ITEM_TYPES,
        errors,
        csrfToken: call.csrf(ORDER_PURPOSES.create),
      },
      status,
    );
  }

  /** The student with exactly this e-mail, found through the admin API's student search. */
  async function studentByEmail(call: AreaCall, email: string) {
    const wanted = email.trim().toLowerCase();
    const { data } = await admin.people.students.list(call.ctx.site, { q: wanted, limit: 100 });
    return data.find((s) => s.email === wanted);
  }

  router.get(
    '/orders/new',
    area.page(async (call) => {
      requireScope(call, 'orders:write');
      const personId = typeof call.query.person_id === 'string' ? call.query.person_id : undefined;
      const student = isUuid(personId)
        ? await admin.people.students.get(call.ctx.site, personId).catch(() => undefined)
        : undefined;
      return formPage(call, { ...EMPTY, email: student?.email ?? '' });
    }),
  );

  router.post(
    '/orders',
    area.action(ORDER_PURPOSES.create, async (call) => {
      requireScope(call, 'orders:write');
      const read = (name: keyof OrderForm) => (field(call.body, name) ?? '').trim();
      const form: OrderForm = {
        email: read('email'),
        item: read('item'),
        source: read('source'),
        amount: read('amount'),
        payment_method: read('payment_method'),
      };
      const errors: FieldErrors = {};
      const student = form.email ? await studentByEmail(call, form.email) : undefined;
      if (!form.email) addError(errors, 'email', textKey('adminForms.fieldError.required'));
      else if (!student) addError(errors, 'email', textKey('adminForms.fieldError.noStudent'));
      // "course:<id>": the type and the id of what is sold, as one choice of the form.
      const [type, itemId] = form.item.split(':');
      const sellable = await admin.orders.sellable(call.ctx.site);
      const item = (ITEM_TYPES as readonly string[]).includes(type ?? '')
        ? sellable[type as ItemType].find((thing) => thing.id === itemId)
        : undefined;
      if (!item) addError(errors, 'item', textKey('adminForms.fieldError.chooseItem'));
      if (form.source !== 'external' && form.source !== 'manual')
        addError(errors, 'source', textKey('adminForms.fieldError.chooseSource'));
      const unitAmount =
        form.source === 'external' && form.amount && item ? minorUnits(form.amount, item.price.currency) : undefined;
      if (form.source === 'external' && form.amount && item && unitAmount === undefined)
        addError(errors, 'amount', textKey('adminForms.fieldError.amount'));
      if (form.payment_method.length > 100)
        addError(errors, 'payment_method', textKey('adminForms.fieldError.tooLong', { max: 100 }));
      if (Object.keys(errors).length || !student || !item) return formPage(call, form, errors, 400);
      try {
        const { order } = await admin.orders.record(call.ctx.site, call.actor, {
          person_id: student.id,
          items: [{ item_type: type as ItemType, item_id: item.id, unit_amount: unitAmount }],
          source: form.source as 'external' | 'manual',
          payment_method: form.source === 'external' ? form.payment_method || undefined : undefined,
        });
        return { redirect: `/admin/orders/${order.id}?done=order-recorded` };
      } catch (error) {
        const refused = refusalErrors(error, { person_id: 'email', items: 'item', payment_method: 'payment_method' });
        if (!refused) throw error;
        return formPage(call, form, refused, 400);
      }
    }),
  );
}
