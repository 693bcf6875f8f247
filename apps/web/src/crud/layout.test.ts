import { describe, expect, it } from 'vitest';
import { actionsWidth, descriptionSpans, splitRowLinks } from './layout.ts';

describe('descriptionSpans', () => {
  it('fills rows of plain items, stretching the last one', () => {
    expect(descriptionSpans([false, false, false, false], 3)).toEqual([1, 1, 1, 3]);
    expect(descriptionSpans([false, false, false], 3)).toEqual([1, 1, 1]);
  });

  it('gives a wide item a row of its own and closes the row before it', () => {
    expect(descriptionSpans([false, false, true, false], 3)).toEqual([1, 2, 3, 3]);
    expect(descriptionSpans([false, false, false, true], 3)).toEqual([1, 1, 1, 3]);
    expect(descriptionSpans([true, false, false], 2)).toEqual([2, 1, 1]);
  });

  it('adds up to whole rows', () => {
    const spans = descriptionSpans([false, true, false, false, true, false], 3);
    expect(spans.reduce((a, b) => a + b, 0) % 3).toBe(0);
  });
});

describe('the actions column', () => {
  it('is as wide as the links a row may carry, wider in English', () => {
    expect(actionsWidth(1, 'zh')).toBe(68);
    expect(actionsWidth(2, 'zh')).toBe(112);
    expect(actionsWidth(1, 'en')).toBeLessThan(actionsWidth(2, 'en'));
  });

  it('keeps two links on the row and puts the rest behind "more", so four links are no wider than three', () => {
    expect(actionsWidth(4, 'zh')).toBe(144);
    expect(actionsWidth(4, 'en')).toBe(160);
    expect(actionsWidth(3, 'en')).toBe(actionsWidth(4, 'en'));
    expect(splitRowLinks(['view', 'edit'])).toEqual({ inline: ['view', 'edit'], more: [] });
    expect(splitRowLinks(['view', 'edit', 'copy', 'delete'])).toEqual({
      inline: ['view', 'edit'],
      more: ['copy', 'delete'],
    });
    expect(splitRowLinks(['view', 'delete', 'x'])).toEqual({ inline: ['view', 'delete'], more: ['x'] });
  });
});
