/** One path segment, encoded: ids and tokens never change the path's shape. */
export const segment = (value: number | string): string => encodeURIComponent(String(value));
