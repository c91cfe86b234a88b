// Handlers of the Orders operations (scope orders:read).
import { getOrder } from './getOrder.ts';
import { listOrders } from './listOrders.ts';

export const orderHandlers = { listOrders, getOrder };
