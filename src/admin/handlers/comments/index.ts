// Handlers of the Comments operations (scope comments:read).
import { getComment } from './getComment.ts';
import { listComments } from './listComments.ts';

export const commentHandlers = { listComments, getComment };
