import { describe, expect, test } from 'vitest';
import { swipeOutcome } from './gestures';

describe('touch gestures in the preview', () => {
  const width = 400;
  const height = 800;

  test('a swipe left or right past 35% of the width moves to the next or previous photo', () => {
    expect(swipeOutcome(-141, 10, width, height)).toBe('next');
    expect(swipeOutcome(141, -20, width, height)).toBe('previous');
  });

  test('a shorter swipe springs back', () => {
    expect(swipeOutcome(-139, 0, width, height)).toBeNull();
  });

  test('a drag down past 35% of the height closes; up, or shorter, does not', () => {
    expect(swipeOutcome(20, 281, width, height)).toBe('close');
    expect(swipeOutcome(0, 279, width, height)).toBeNull();
    expect(swipeOutcome(0, -400, width, height)).toBeNull();
  });
});
