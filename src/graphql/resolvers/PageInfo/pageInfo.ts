// PageInfo.hasPreviousPage and hasNextPage (Relay Cursor Connections 4.2): known from the page's
// own extra row on the side it was read toward; past a cursor on the other side they cost one
// small statement, so they run only when selected (and limits.ts prices them as fields that read data).
import type { PageInfoResolvers } from '../../../../generated/graphql/types.ts';

export const hasPreviousPage: NonNullable<PageInfoResolvers['hasPreviousPage']> = (parent) => parent.hasPreviousPage();
export const hasNextPage: NonNullable<PageInfoResolvers['hasNextPage']> = (parent) => parent.hasNextPage();
