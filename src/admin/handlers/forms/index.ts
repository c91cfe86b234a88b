// Handlers of the Forms operations (scope forms:read).
import { getForm } from './getForm.ts';
import { listFormSubmissions } from './listFormSubmissions.ts';
import { listForms } from './listForms.ts';

export const formHandlers = { listForms, getForm, listFormSubmissions };
