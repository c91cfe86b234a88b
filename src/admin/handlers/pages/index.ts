// Handlers of the Pages operations (scopes pages:read, pages:write).
import { createPage } from './createPage.ts';
import { deletePage } from './deletePage.ts';
import { getPage } from './getPage.ts';
import { listPages } from './listPages.ts';
import { publishPage } from './publishPage.ts';
import { unpublishPage } from './unpublishPage.ts';
import { updatePage } from './updatePage.ts';

export const pageHandlers = { createPage, deletePage, getPage, listPages, publishPage, unpublishPage, updatePage };
