// Handlers of the Posts operations (scopes posts:read, posts:write).
import { createPost } from './createPost.ts';
import { deletePost } from './deletePost.ts';
import { getPost } from './getPost.ts';
import { listPosts } from './listPosts.ts';
import { publishPost } from './publishPost.ts';
import { unpublishPost } from './unpublishPost.ts';
import { updatePost } from './updatePost.ts';

export const postHandlers = { createPost, deletePost, getPost, listPosts, publishPost, unpublishPost, updatePost };
