import { describe, expect, it } from 'vitest';
import { completionStakeholders } from './completion-stakeholders.js';

describe('completionStakeholders', () => {
  it("tells the link's stakeholder first, then each invited address once, as registration compares addresses", () => {
    expect(completionStakeholders('lead@acme.example', ['Panel@acme.example', 'lead@ACME.example ', 'panel@acme.example'])).toEqual([
      'lead@acme.example',
      'Panel@acme.example',
    ]);
    expect(completionStakeholders(null, [])).toEqual([]);
    expect(completionStakeholders(null, ['a@x.example'])).toEqual(['a@x.example']);
  });
});
