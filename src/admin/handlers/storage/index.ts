// Handlers of the Storage operations (scope storage:write; the download is public).
import { getFile } from './getFile.ts';
import { uploadFile } from './uploadFile.ts';

export const storageHandlers = { getFile, uploadFile };
