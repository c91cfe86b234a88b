// Upload typing by content (storage family): signatures from WHATWG MIME Sniffing 6.1-6.2, and
// the refusal of markup that could run script on the school's origin.
import { describe, expect, it } from 'vitest';
import { cleanFilename, isPlainText, PLAIN_TEXT, sniffBinary } from './file-types.ts';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffBinary', () => {
  it.each([
    [bytes([0x89], 'PNG\r\n\x1a\n'), 'image/png'],
    [bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    [bytes('GIF89a'), 'image/gif'],
    [bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    [bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), 'audio/wav'],
    [bytes([0, 0, 1, 0, 1, 0]), 'image/x-icon'],
    [bytes('%PDF-1.7'), 'application/pdf'],
    [bytes('ID3', [4, 0]), 'audio/mpeg'],
    [bytes('OggS'), 'audio/ogg'],
    [bytes('fLaC'), 'audio/flac'],
    [bytes([0x1a, 0x45, 0xdf, 0xa3]), 'video/webm'],
    [bytes([0, 0, 0, 0x18], 'ftypisom'), 'video/mp4'],
    [bytes([0, 0, 0, 0x18], 'ftypavif'), 'image/avif'],
    [bytes([0, 0, 0, 0x18], 'ftypM4A '), 'audio/mp4'],
  ])('recognises %s as %s', (head, contentType) => {
    expect(sniffBinary(head)?.contentType).toBe(contentType);
  });

  it('knows no signature for markup, scripts or archives', () => {
    for (const head of [bytes('<svg xmlns='), bytes('<!DOCTYPE html>'), bytes('PK', [3, 4]), bytes('#!/bin/sh')])
      expect(sniffBinary(head)).toBeNull();
  });
});

describe('isPlainText', () => {
  it('accepts UTF-8 text with line breaks and tabs', () => {
    expect(isPlainText(Buffer.from('Grüße\tund\r\nbis bald\n'))).toBe(true);
  });

  it('refuses markup (even after a BOM or whitespace), control characters and invalid UTF-8', () => {
    expect(isPlainText(Buffer.from('\uFEFF  <html>'))).toBe(false);
    expect(isPlainText(Buffer.from('<?xml version="1.0"?><svg/>'))).toBe(false);
    expect(isPlainText(Buffer.from('a\u0000b'))).toBe(false);
    expect(isPlainText(Buffer.from([0xc3, 0x28]))).toBe(false);
  });
});

describe('cleanFilename', () => {
  it('keeps a safe ASCII stem and takes the extension of the detected type', () => {
    expect(cleanFilename('C:\\Users\\me\\Épreuve finale.html', PLAIN_TEXT)).toBe('Epreuve-finale.txt');
    expect(cleanFilename('../../etc/passwd', PLAIN_TEXT)).toBe('passwd.txt');
    expect(cleanFilename(undefined, PLAIN_TEXT)).toBe('file.txt');
    expect(cleanFilename('"><script>.png', PLAIN_TEXT)).toBe('script.txt');
  });
});
