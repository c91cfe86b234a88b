import { describe, expect, it } from 'vitest';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it.each([
    ['Watercolour Basics', 'watercolour-basics'],
    ['Yoga für jeden Tag', 'yoga-fur-jeden-tag'],
    ['  --Hello,  World!--  ', 'hello-world'],
    ['日本語', 'untitled'],
  ])('%s -> %s', (title, slug) => expect(slugify(title)).toBe(slug));
});
