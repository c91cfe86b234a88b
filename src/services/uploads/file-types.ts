// What an uploaded file is, decided from its bytes and never from the name or the declared type
// (issue: sniff the magic bytes). Only passive media, PDF and plain text are accepted; HTML, SVG
// and XML could run script on the school's origin, so nothing starting with `<` passes as text.
// Signatures: WHATWG MIME Sniffing 6.1-6.2 (images, audio, video) and ISO 32000 7.5.2 (PDF).
export type FileType = { contentType: string; extension: string; disposition: 'inline' | 'attachment' };

const type = (contentType: string, extension: string, disposition: FileType['disposition'] = 'inline'): FileType => ({
  contentType,
  extension,
  disposition,
});

const has = (head: Buffer, offset: number, bytes: number[] | string): boolean => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + expected.length && head.subarray(offset, offset + expected.length).equals(expected);
};

/** How many leading bytes `sniffBinary` needs. */
export const SNIFF_BYTES = 16;

export function sniffBinary(head: Buffer): FileType | null {
  if (has(head, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return type('image/png', 'png');
  if (has(head, 0, [0xff, 0xd8, 0xff])) return type('image/jpeg', 'jpg');
  if (has(head, 0, 'GIF87a') || has(head, 0, 'GIF89a')) return type('image/gif', 'gif');
  if (has(head, 0, 'RIFF') && has(head, 8, 'WEBP')) return type('image/webp', 'webp');
  if (has(head, 0, 'RIFF') && has(head, 8, 'WAVE')) return type('audio/wav', 'wav');
  if (has(head, 0, [0x00, 0x00, 0x01, 0x00]) && head.length >= 6 && head.readUInt16LE(4) > 0)
    return type('image/x-icon', 'ico');
  // Browsers' PDF viewers do not run in a sandboxed document, so PDFs download instead.
  if (has(head, 0, '%PDF-')) return type('application/pdf', 'pdf', 'attachment');
  if (has(head, 0, 'ID3') || (head[0] === 0xff && [0xfb, 0xf3, 0xf2].includes(head[1] ?? 0)))
    return type('audio/mpeg', 'mp3');
  if (has(head, 0, 'OggS')) return type('audio/ogg', 'ogg');
  if (has(head, 0, 'fLaC')) return type('audio/flac', 'flac');
  if (has(head, 0, [0x1a, 0x45, 0xdf, 0xa3])) return type('video/webm', 'webm');
  if (has(head, 4, 'ftyp')) return isoMediaType(head.toString('latin1', 8, 12));
  return null;
}

/** ISO base media files (ftyp box) by major brand. */
function isoMediaType(brand: string): FileType {
  if (brand === 'avif' || brand === 'avis') return type('image/avif', 'avif');
  if (brand === 'M4A ') return type('audio/mp4', 'm4a');
  if (brand === 'qt  ') return type('video/quicktime', 'mov');
  return type('video/mp4', 'mp4');
}

export const PLAIN_TEXT = type('text/plain; charset=utf-8', 'txt');

/** UTF-8 without NUL or other control characters (tab, line breaks and form feed allowed), not markup. */
export function isPlainText(bytes: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // A control character other than tab, LF, FF or CR marks a file as binary, not text.
  // eslint-disable-next-line no-control-regex -- those control characters are what the check looks for
  if (/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text)) return false;
  return !text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .startsWith('<');
}

/** The uploaded name, reduced to safe ASCII and given the extension of the detected type. */
export function cleanFilename(raw: string | undefined, fileType: FileType): string {
  const base = (raw ?? '').replaceAll('\\', '/').split('/').pop() ?? '';
  const stem = base
    .replace(/\.[^.]*$/, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100);
  return `${stem || 'file'}.${fileType.extension}`;
}
