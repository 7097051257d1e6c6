import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import type { OpenApiDocument } from './served-document.js';

const DOCUMENT_ID = 'https://assay.test/openapi.json';

const escapePointer = (segment: string) => segment.replaceAll('~', '~0').replaceAll('/', '~1');
export const pointer = (...segments: string[]): string => segments.map((segment) => `/${escapePointer(segment)}`).join('');

/**
 * JSON Schema 2020-12 validation (ajv) of values against schemas inside the document, addressed by JSON
 * pointer, so their `#/components/…` refs resolve as in any OpenAPI tool. `formats: 'annotate'` reads
 * `format` as 2020-12 does by default, as a note; `'assert'` checks it, as strict validators do.
 */
export class DocumentValidator {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(
    private readonly document: OpenApiDocument,
    formats: 'assert' | 'annotate',
  ) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: formats === 'assert' });
    // ajv-formats is CommonJS: its module object is the plugin and also carries it as `default`.
    formatsPlugin.default(this.ajv);
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  /** The pointer of what `at` names, following `$ref`s (a parameter or response may be one). */
  settle(at: string): string {
    const node = at
      .split('/')
      .slice(1)
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], this.document);
    const ref = (node as { $ref?: unknown } | undefined)?.$ref;
    return typeof ref === 'string' && ref.startsWith('#/') ? this.settle(ref.slice(1)) : at;
  }

  /** Undefined when `value` is valid, else ajv's first complaint. */
  check(schemaAt: string, value: unknown): string | undefined {
    let validate = this.compiled.get(schemaAt);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${schemaAt}` });
      this.compiled.set(schemaAt, validate);
    }
    if (validate(value)) return undefined;
    const [error] = validate.errors ?? [];
    return `${error?.instancePath || '(root)'} ${error?.message ?? 'is invalid'} (${error?.schemaPath})`;
  }
}
