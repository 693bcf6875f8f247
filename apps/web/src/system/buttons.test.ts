import { describe, expect, it } from 'vitest';
import { buttonLabelKey } from './buttons.ts';

describe('button labels', () => {
  it('reads the action at the end of a button code', () => {
    expect(buttonLabelKey('material_view')).toBe('buttons.view');
    expect(buttonLabelKey('isinstockbill_unreview')).toBe('buttons.unreview');
    expect(buttonLabelKey('user_resetPassword')).toBe('buttons.resetPassword');
    expect(buttonLabelKey('page_builder_add')).toBe('buttons.add');
    expect(buttonLabelKey('monthbegininv_close')).toBe('buttons.close');
  });

  it('knows nothing of other codes', () => {
    expect(buttonLabelKey('material_frobnicate')).toBeUndefined();
    expect(buttonLabelKey('constructor')).toBeUndefined();
  });
});
