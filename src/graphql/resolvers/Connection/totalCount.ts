// totalCount of every connection type: the COUNT runs only when a query selects it.
import type { LazyConnection } from '../../../services/account.ts';

export const totalCount = (parent: LazyConnection<unknown>): Promise<number> => parent.countTotal();
