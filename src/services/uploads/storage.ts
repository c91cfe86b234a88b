// Rules of uploaded files (scope storage:write): one file per request, at most UPLOAD_MAX_BYTES,
// typed by its bytes (file-types.ts), kept on local disk under STORAGE_DIR/<school>/ and recorded
// in stored_files with its SHA-256; served back by a public URL with headers that keep a file
// from ever acting as a page of the school's origin.
import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/database.ts';
import { findStoredFile, insertStoredFile, type StoredFileRow } from '../../db/repositories/stored-files.ts';
import { InvalidInput, NotFound, UnsupportedFileType } from '../errors.ts';
import { toIso } from '../../lib/time.ts';
import type { Site } from '../school/sites.ts';
import { cleanFilename, isPlainText, PLAIN_TEXT, sniffBinary, type FileType } from './file-types.ts';
import { receiveUpload, tooLarge, type UploadSource } from './upload-receiver.ts';

export type StorageOptions = { dir: string; uploadMaxBytes: number };

/** Room for the multipart framing around the file itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const unsupported = (
  detail = 'Accepted: PNG, JPEG, GIF, WebP, AVIF, ICO, PDF, MP3, MP4, M4A, Ogg, WAV, FLAC, WebM, QuickTime and UTF-8 plain text.',
) => new UnsupportedFileType(detail);

export function fileUrl(site: Site, file: { id: string; filename: string }): string {
  return `${site.origin}/files/${file.id}/${encodeURIComponent(file.filename)}`;
}

export function toStoredFile(site: Site, row: StoredFileRow) {
  return {
    id: row.id,
    filename: row.filename,
    content_type: row.content_type,
    size_bytes: row.size_bytes,
    sha256: row.sha256,
    url: fileUrl(site, row),
    created_at: toIso(row.created_at)!,
  };
}

export function createStorageAdmin(db: Db, options: StorageOptions) {
  const root = path.resolve(options.dir);
  const pathOf = (storageKey: string): string | null => {
    const full = path.resolve(root, storageKey);
    return full.startsWith(root + path.sep) ? full : null;
  };

  async function typeOf(head: Buffer, tempPath: string): Promise<FileType | null> {
    // Text has no signature: it is judged on the whole file, which the size limit bounds.
    return sniffBinary(head) ?? (isPlainText(await readFile(tempPath)) ? PLAIN_TEXT : null);
  }

  return {
    async upload(site: Site, uploaderId: string | null, source: UploadSource | undefined) {
      if (!source) throw unsupported('Send the file as multipart/form-data with one part named `file`.');
      const declared = Number(source.headers['content-length']);
      if (declared > options.uploadMaxBytes + MULTIPART_OVERHEAD_BYTES) throw tooLarge(options.uploadMaxBytes);
      const received = await receiveUpload(source, {
        tempDir: path.join(root, '.incoming'),
        maxBytes: options.uploadMaxBytes,
      });
      try {
        if (received.sizeBytes === 0) throw new InvalidInput([{ pointer: '/body/file', detail: 'is empty' }]);
        const fileType = await typeOf(received.head, received.tempPath);
        if (!fileType) throw unsupported();
        const storageKey = `${site.id}/${randomUUID()}`;
        const finalPath = pathOf(storageKey)!;
        await mkdir(path.dirname(finalPath), { recursive: true });
        await rename(received.tempPath, finalPath);
        const row = await insertStoredFile(db, {
          site_id: site.id,
          filename: cleanFilename(received.filename, fileType),
          content_type: fileType.contentType,
          size_bytes: received.sizeBytes,
          sha256: received.sha256,
          storage_key: storageKey,
          uploaded_by_person_id: uploaderId,
        }).catch(async (error: unknown) => {
          await rm(finalPath, { force: true });
          throw error;
        });
        return toStoredFile(site, row);
      } finally {
        await rm(received.tempPath, { force: true });
      }
    },

    /** The bytes and headers of GET /files/{file_id}/{filename}; a wrong name is as absent as a wrong id. */
    async read(site: Site, id: string, filename: string) {
      const row = await findStoredFile(db, site.id, id);
      const full = row && row.filename === filename ? pathOf(row.storage_key) : null;
      const bytes = full ? await readFile(full).catch(() => null) : null;
      if (!row || !bytes) throw new NotFound('No file with that id and name at this school.');
      const disposition = row.content_type === 'application/pdf' ? 'attachment' : 'inline';
      return {
        bytes,
        contentType: row.content_type,
        headers: {
          'Content-Disposition': `${disposition}; filename="${row.filename.replace(/[^\x20-\x7e]|["\\]/g, '_')}"`,
          'X-Content-Type-Options': 'nosniff',
          // Even a file a browser would render can run nothing and reach nothing (CSP 3 sandbox).
          'Content-Security-Policy':
            "sandbox; default-src 'none'; img-src 'self'; media-src 'self'; frame-ancestors 'none'",
          'Cache-Control': 'public, max-age=31536000, immutable',
        },
      };
    },
  };
}

export type StorageAdmin = ReturnType<typeof createStorageAdmin>;
