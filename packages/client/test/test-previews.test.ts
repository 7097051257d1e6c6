import { describe, expect, it } from 'vitest';
import { AssayError } from '../src/index.js';
import { ok, refuse, useScriptedServer } from './helpers/scripted-server.js';

const made = { previewUrl: 'https://assay.example/t/pv.abc', token: 'pv.abc', expiresAt: '2026-11-30T09:00:00.000Z' };
const definition = {
  testName: 'Preview',
  sections: [
    {
      sectionName: 'A',
      sectionType: 'general' as const,
      duration: 5,
      questions: [{ type: 'short_answer' as const, text: 'Name?', acceptedAnswers: [{ answer: 'x' }] }],
    },
  ],
};

/** client.tests.preview and previewOf (issue 62 item 3): the paths, the bodies and the domain's codec. */
describe('client.tests.preview', () => {
  const scripted = useScriptedServer();

  it('sends the definition and decodes the link', async () => {
    scripted.server().script(() => ok(made));
    expect(await scripted.client().tests.preview(definition)).toEqual(made);
    expect(scripted.server().requests[0]).toMatchObject({ method: 'POST', url: '/v2/org/tests/previews' });
    expect(JSON.parse(scripted.server().requests[0]!.body)).toEqual(definition);
  });

  it("previews one of the org's tests at a version, or the current one with an empty body", async () => {
    scripted.server().script(() => ok(made));
    await scripted.client().tests.previewOf(7, { version: 2 });
    await scripted.client().tests.previewOf(7);
    const [versioned, current] = scripted.server().requests;
    expect(versioned).toMatchObject({ method: 'POST', url: '/v2/org/tests/7/previews' });
    expect(JSON.parse(versioned!.body)).toEqual({ version: 2 });
    expect(JSON.parse(current!.body)).toEqual({});
  });

  it("throws the server's refusal of a missing version with its statuscode", async () => {
    scripted.server().script(() => refuse('404.127', 'Test 7 has no version 9.'));
    const error = await scripted
      .client()
      .tests.previewOf(7, { version: 9 })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AssayError);
    expect(error).toMatchObject({ statuscode: '404.127' });
  });
});
