import { randomUUID } from 'node:crypto';

/**
 * Proof that a process of Assay is alive, held for as long as it runs and gone the moment it dies (even by `kill -9`):
 * what one process claimed (an Idempotency-Key) names its instance, and another process asks whether that instance
 * still lives instead of waiting out a lock time. The proof is something the operating system or the database ends with
 * the process: an exclusive lock on a file (SQLite, one host) or a session advisory lock (PostgreSQL).
 */
export interface InstanceLiveness {
  /** This process's instance id, stored with what it claims. */
  readonly id: string;
  /** Takes the proof of life, once (and again after it was lost, e.g. with PostgreSQL's connection). */
  register(): Promise<void>;
  /** Whether the instance still holds its proof of life; always true for this process's own id. */
  isAlive(instanceId: string): Promise<boolean>;
  /** Gives the proof up (the process is ending). */
  close(): Promise<void>;
}

/** Instance ids as this module makes them; anything else read back from a database is no instance of ours. */
export const INSTANCE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export const newInstanceId = (): string => randomUUID();

/** An in-memory database lives and dies with its one process: every instance it can name is this one. */
export const processLocalLiveness = (): InstanceLiveness => {
  const id = newInstanceId();
  return { id, register: async () => {}, isAlive: async (instanceId) => instanceId === id, close: async () => {} };
};
