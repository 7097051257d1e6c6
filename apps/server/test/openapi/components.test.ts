import { describe, expect, it } from 'vitest';
import { flattenSchemaDocuments, mergeEqualTwins, tidySchemas } from '../../src/openapi/components.js';
import type { JsonObject } from '../../src/openapi/json-walk.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

// The post-processing of zod's registry output, on small documents shaped like what zod writes.
describe('tidying the generated components', () => {
  it('drops $id and $schema, and lifts __shared definitions into components of their own', () => {
    const flat = flattenSchemaDocuments({
      Tree: {
        $id: '#/components/schemas/Tree',
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { node: { $ref: '#/components/schemas/__shared#/$defs/schema0' } },
      },
      __shared: { $defs: { schema0: { type: 'array', items: { $ref: '#/components/schemas/__shared#/$defs/schema0' } } } },
    });
    expect(flat).toEqual({
      Tree: { type: 'object', properties: { node: ref('Shared_schema0') } },
      Shared_schema0: { type: 'array', items: ref('Shared_schema0') },
    });
  });

  it('merges an input twin only when it is the same schema, through refs to twins that are the same too', () => {
    const schemas: JsonObject = {
      Item: { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false },
      ItemInput: { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: false },
      List: { type: 'array', items: ref('Item') },
      ListInput: { type: 'array', items: ref('ItemInput') },
      Body: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      BodyInput: { type: 'object', properties: { name: { type: 'string', default: 'x' } } },
      Wrapper: { type: 'object', properties: { body: ref('Body') } },
      WrapperInput: { type: 'object', properties: { body: ref('BodyInput') } },
    };
    const { schemas: merged, merged: names } = mergeEqualTwins(schemas);
    expect([...names.keys()].sort()).toEqual(['ItemInput', 'ListInput']);
    expect(merged.List).toEqual({ type: 'array', items: ref('Item') });
    // WrapperInput looks like Wrapper once BodyInput is read as Body, but BodyInput differs: both stay.
    expect(merged.WrapperInput).toEqual({ type: 'object', properties: { body: ref('BodyInput') } });
  });

  it('keeps only what the paths reach, and names an input schema plainly when its twin is unused', () => {
    const schemas: JsonObject = {
      Body: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
      BodyInput: { type: 'object', properties: { name: { type: 'string' } } },
      Answer: { type: 'object', properties: { body: ref('Body') } },
      Unused: { type: 'string' },
    };
    const roots = { paths: { '/x': { post: { requestBody: { content: { 'application/json': { schema: ref('BodyInput') } } } } } } };
    const { schemas: tidy, rewrite } = tidySchemas(schemas, roots);
    expect(tidy).toEqual({ Body: { type: 'object', properties: { name: { type: 'string' } } } });
    expect(rewrite('#/components/schemas/BodyInput')).toBe('#/components/schemas/Body');
  });
});
