import { Text } from './Text.js';

const COLORS: Record<string, string> = {
  Completed: 'green',
  'In progress': 'cyan',
  Pending: 'yellow',
  Reset: 'magenta',
  Cancelled: 'gray',
  Active: 'green',
  Inactive: 'gray',
  Generated: 'green',
  completed: 'green',
  cancelled: 'gray',
};

/** A status as its word; the colour is only an aid. */
export const StatusText = ({ status }: { status: string }) => <Text color={COLORS[status]}>{status}</Text>;
