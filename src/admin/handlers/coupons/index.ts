// Handlers of the Coupons operations (scopes coupons:read, coupons:write).
import { createCoupon } from './createCoupon.ts';
import { deleteCoupon } from './deleteCoupon.ts';
import { getCoupon } from './getCoupon.ts';
import { listCoupons } from './listCoupons.ts';
import { updateCoupon } from './updateCoupon.ts';

export const couponHandlers = { listCoupons, createCoupon, getCoupon, updateCoupon, deleteCoupon };
