/** localStorage that never throws: private browsing or a full quota only cost the offline copy. */
export const storage = {
  get(key: string): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // Answers still go to the server; only the offline copy is lost.
    }
  },
  /** Whether a value can be written and read back (the landing page's browser check). */
  works(): boolean {
    try {
      const key = 'assay.storage-check';
      window.localStorage.setItem(key, '1');
      const read = window.localStorage.getItem(key) === '1';
      window.localStorage.removeItem(key);
      return read;
    } catch {
      return false;
    }
  },
  remove(key: string): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // As above.
    }
  },
};
