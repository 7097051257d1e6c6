import { inspect } from 'node:util';

const HIDDEN = '[secret]';

/**
 * A value that must never reach a log line, an answer or an error message (a model server's API key): printing,
 * logging or serialising it shows `[secret]`; only `reveal()` gives the value, at the one place that sends it.
 */
export class Secret {
  readonly #value: string;

  constructor(value: string) {
    this.#value = value;
  }

  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return HIDDEN;
  }

  toJSON(): string {
    return HIDDEN;
  }

  [inspect.custom](): string {
    return HIDDEN;
  }
}
