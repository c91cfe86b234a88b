// Handlers of the Orders operations (scopes orders:read, orders:write).
import { createOrder } from './createOrder.ts';
import { getOrder } from './getOrder.ts';
import { listOrders } from './listOrders.ts';
import { refundOrder } from './refundOrder.ts';

export const orderHandlers = { listOrders, getOrder, createOrder, refundOrder };
