import { describe, expect, it } from 'vitest';
import { contentProblem, move, newItem, newSection } from './content';

describe('checklist content', () => {
  it('moves items by index, staying in bounds', () => {
    expect(move(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(move(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('names what stops a publish', () => {
    expect(contentProblem({ sections: [] })).toBe('Add at least one section.');
    const s = {
      ...newSection('Pool'),
      items: [{ ...newItem('number'), label: 'pH', min: 8, max: 7 }],
    };
    expect(contentProblem({ sections: [s] })).toBe('"pH": the expected range is empty.');
    s.items[0]!.max = 8.2;
    expect(contentProblem({ sections: [s] })).toBeNull();
  });
});
