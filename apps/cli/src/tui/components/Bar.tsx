import { Text } from './Text.js';

/** `████░░░░` for a fraction; the number beside it carries the meaning, the bar only helps the eye. */
export const barText = (fraction: number, width: number): string => {
  const filled = Math.round(Math.max(0, Math.min(1, Number.isFinite(fraction) ? fraction : 0)) * width);
  return '█'.repeat(filled) + '░'.repeat(Math.max(0, width - filled));
};

export const Bar = ({ fraction, width, color }: { fraction: number; width: number; color?: string }) => <Text color={color}>{barText(fraction, width)}</Text>;
