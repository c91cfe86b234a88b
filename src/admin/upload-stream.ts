// The one seam between express and the upload handler. Handlers only see the validated body, and
// openapi-backend validates multipart bodies poorly, so for POST /api/v1/files this middleware
// hands the raw request stream over as the body, unread: the bearer guard and the spec still run
// first (an unauthenticated upload is never parsed), and the handler streams the file with limits.
// The stream sits under a symbol, invisible to schema validation (`additionalProperties: false`).
import type { RequestHandler } from 'express';
import type { UploadSource } from '../services/uploads/upload-receiver.ts';

const UPLOAD = Symbol('multipart upload');

export const attachUploadStream: RequestHandler = (req, _res, next) => {
  if (req.is('multipart/form-data')) {
    const source: UploadSource = { stream: req, headers: req.headers };
    req.body = Object.defineProperty({}, UPLOAD, { value: source, enumerable: false });
  }
  next();
};

/** The upload stream attached to a body, if the request was multipart/form-data. */
export function uploadSourceOf(body: unknown): UploadSource | undefined {
  return typeof body === 'object' && body !== null ? (body as { [UPLOAD]?: UploadSource })[UPLOAD] : undefined;
}
