// Handlers of the public (token-free) operations: service health, documents, catalog.
import { getAccountGraphQLSchema } from './getAccountGraphQLSchema.ts';
import { getApiReference } from './getApiReference.ts';
import { getAuthDocument } from './getAuthDocument.ts';
import { getCatalogCourse } from './getCatalogCourse.ts';
import { getCourseDocument } from './getCourseDocument.ts';
import { getHealth } from './getHealth.ts';
import { getLlmsTxt } from './getLlmsTxt.ts';
import { getPricing } from './getPricing.ts';
import { getOpenApiDocument } from './getOpenApiDocument.ts';
import { getReadiness } from './getReadiness.ts';
import { getProblemType } from './getProblemType.ts';
import { getWebhooksDocument } from './getWebhooksDocument.ts';
import { listCatalogCourses } from './listCatalogCourses.ts';

export const publicHandlers = {
  getHealth,
  getReadiness,
  getOpenApiDocument,
  getAuthDocument,
  getApiReference,
  getLlmsTxt,
  getAccountGraphQLSchema,
  getPricing,
  getWebhooksDocument,
  getCourseDocument,
  listCatalogCourses,
  getCatalogCourse,
  getProblemType,
};
