import { Text } from '../components/Text.js';
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import { ScreenErrorBoundary } from './ScreenErrorBoundary.js';

const Broken = (): never => {
  throw new Error('a bug in a screen');
};

describe('ScreenErrorBoundary', () => {
  it('shows what broke instead of crashing the UI', () => {
    const original = console.error;
    console.error = () => {}; // React reports the caught error; it is expected here.
    try {
      const { lastFrame, unmount } = render(
        <>
          <ScreenErrorBoundary>
            <Broken />
          </ScreenErrorBoundary>
          <Text>still here</Text>
        </>,
      );
      expect(lastFrame()).toContain('✗ This screen failed: a bug in a screen');
      expect(lastFrame()).toContain('still here');
      unmount();
    } finally {
      console.error = original;
    }
  });
});
