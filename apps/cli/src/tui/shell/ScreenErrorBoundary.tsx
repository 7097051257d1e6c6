import { Box } from 'ink';
import { Text } from '../components/Text.js';
import { Component, type ReactNode } from 'react';

/** A screen that throws while rendering shows what broke instead of taking the whole UI down. */
export class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <Box flexDirection="column">
        <Text color="red" bold>
          ✗ This screen failed: {this.state.error.message}
        </Text>
        <Text dimColor>Press Esc to go back; the rest of the UI still works.</Text>
      </Box>
    );
  }
}
