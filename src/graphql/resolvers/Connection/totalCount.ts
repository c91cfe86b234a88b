// totalCount of every connection type: the COUNT runs only when a query selects it.
import type { LazyConnection } from '../../../services/people/own-data.ts';

export const totalCount = (parent: LazyConnection<unknown>): Promise<number> => parent.countTotal();
