import { useStdout } from 'ink';
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';

export interface TerminalSize {
  columns: number;
  rows: number;
}

/** The smallest terminal the UI is laid out for. */
export const MINIMUM_SIZE: TerminalSize = { columns: 80, rows: 24 };

const SizeContext = createContext<TerminalSize>(MINIMUM_SIZE);

const sizeOf = (stdout: NodeJS.WriteStream): TerminalSize => ({
  columns: stdout.columns || MINIMUM_SIZE.columns,
  rows: stdout.rows || MINIMUM_SIZE.rows,
});

/**
 * The terminal's size, following `resize` events, so every screen lays itself out again when the window
 * changes. `fixed` pins it (tests render at exactly 80×24).
 */
export const TerminalSizeProvider = ({ fixed, children }: { fixed?: TerminalSize; children: ReactNode }) => {
  const { stdout } = useStdout();
  const [size, setSize] = useState<TerminalSize>(() => fixed ?? sizeOf(stdout));
  useEffect(() => {
    if (fixed) {
      setSize(fixed);
      return;
    }
    const update = () => setSize(sizeOf(stdout));
    stdout.on('resize', update);
    return () => {
      stdout.off('resize', update);
    };
  }, [stdout, fixed?.columns, fixed?.rows]);
  return <SizeContext.Provider value={size}>{children}</SizeContext.Provider>;
};

export const useTerminalSize = (): TerminalSize => useContext(SizeContext);
