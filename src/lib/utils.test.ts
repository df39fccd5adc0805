import { describe, expect, it } from 'vitest';
import { cn, prepareClassMerge } from './utils';

describe('cn', () => {
  it('merges conflicting Tailwind classes, the last one winning, before and after the config is prepared', () => {
    expect(cn('px-2 py-1', 'px-4')).toBe('py-1 px-4');
    prepareClassMerge();
    const state = { hidden: false };
    expect(cn('text-sm', state.hidden && 'hidden', { 'text-lg': true, block: state.hidden })).toBe(
      'text-lg',
    );
    expect(cn('bg-primary hover:bg-primary/90', 'bg-destructive')).toBe(
      'hover:bg-primary/90 bg-destructive',
    );
  });
});
