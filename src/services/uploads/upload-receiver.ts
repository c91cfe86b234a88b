// Receives the one part `file` of a multipart/form-data upload into a temporary file, hashing and
// counting as it streams, with busboy's limits so that an oversized or malformed upload is a
// 413 or 400 (never a 500) and leaves no partial file behind.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { InvalidInput, UploadTooLarge } from '../errors.ts';
import { SNIFF_BYTES } from './file-types.ts';

/** The request body as the HTTP edge hands it over: the raw stream and its headers. */
export type UploadSource = { stream: Readable & { complete?: boolean }; headers: IncomingHttpHeaders };

export type ReceivedFile = {
  tempPath: string;
  filename: string | undefined;
  sizeBytes: number;
  sha256: string;
  head: Buffer;
};

// Closing the connection stops a client that is still sending a body we will not read.
export const tooLarge = (maxBytes: number): UploadTooLarge => new UploadTooLarge(maxBytes);

const malformed = (detail: string) => new InvalidInput([{ pointer: '/body', detail }]);

export async function receiveUpload(
  source: UploadSource,
  options: { tempDir: string; maxBytes: number },
): Promise<ReceivedFile> {
  await mkdir(options.tempDir, { recursive: true });
  const tempPath = path.join(options.tempDir, randomUUID());
  const writing: { file?: Readable; done?: Promise<unknown> } = {};
  try {
    return await parse(source, tempPath, options.maxBytes, writing);
  } catch (error) {
    // Stop reading, let the part being written finish failing, then remove what it wrote.
    source.stream.unpipe();
    writing.file?.destroy();
    await writing.done?.catch(() => undefined);
    await rm(tempPath, { force: true });
    throw error;
  }
}

function parse(
  source: UploadSource,
  tempPath: string,
  maxBytes: number,
  writing: { file?: Readable; done?: Promise<unknown> },
): Promise<ReceivedFile> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: source.headers,
        limits: { files: 1, fields: 10, fieldSize: 1024, fileSize: maxBytes, headerPairs: 20 },
      });
    } catch {
      return reject(malformed('is not multipart/form-data with a boundary'));
    }
    let received: Promise<ReceivedFile> | null = null;
    let settled = false;
    const fail = (error: Error) => {
      if (!settled) reject(error);
      settled = true;
    };

    parser.on('file', (name, file, info) => {
      if (name !== 'file') {
        file.resume();
        return fail(
          new InvalidInput([
            { pointer: `/body/${name}`, detail: 'is not a part this operation accepts; send the file as `file`' },
          ]),
        );
      }
      writing.file = file;
      received = store(file, tempPath, maxBytes).then((stored) => ({ ...stored, filename: info.filename }));
      writing.done = received;
      received.catch(fail);
    });
    parser.on('field', (name) =>
      fail(new InvalidInput([{ pointer: `/body/${name}`, detail: 'is not a part this operation accepts' }])),
    );
    // Emitted when a second file arrives (or a flood of fields): the body holds one part only.
    for (const limit of ['filesLimit', 'fieldsLimit'] as const) {
      parser.on(limit, () => fail(malformed('must hold exactly one part, `file`')));
    }
    parser.on('error', () => fail(malformed('is not a well-formed multipart/form-data body')));
    parser.on('close', () => {
      if (!received) return fail(new InvalidInput([{ pointer: '/body/file', detail: 'is required' }]));
      received.then((file) => {
        if (!settled) resolve(file);
        settled = true;
      }, fail);
    });
    // A client that gives up midway never lets busboy finish: stop waiting for it.
    source.stream.once('close', () => {
      if (source.stream.complete === false) fail(malformed('ended before the upload was complete'));
    });
    source.stream.pipe(parser);
  });
}

/** Streams one file part to disk while hashing it and keeping its first bytes for sniffing. */
async function store(
  file: Readable & { truncated?: boolean },
  tempPath: string,
  maxBytes: number,
): Promise<Omit<ReceivedFile, 'filename'>> {
  const hash = createHash('sha256');
  let sizeBytes = 0;
  let head = Buffer.alloc(0);
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      sizeBytes += chunk.length;
      if (head.length < SNIFF_BYTES) head = Buffer.concat([head, chunk.subarray(0, SNIFF_BYTES - head.length)]);
      done(null, chunk);
    },
  });
  let overLimit = false;
  file.once('limit', () => {
    // busboy stops delivering the part at the limit; failing now spares reading the rest.
    overLimit = true;
    meter.destroy(tooLarge(maxBytes));
  });
  await pipeline(file, meter, createWriteStream(tempPath, { flags: 'wx' }));
  if (overLimit || file.truncated) throw tooLarge(maxBytes);
  return { tempPath, sizeBytes, sha256: hash.digest('hex'), head };
}
