import { everyRefusalKind } from '@assay/domain';
import { httpStatusOf, statusCodes } from '@assay/domain/v2';
import { describe, expect, it } from 'vitest';
import { GREENHOUSE_STATUS_OF_REFUSAL } from './greenhouse/status-of-refusal.js';
import { V2_STATUS_OF_REFUSAL } from './v2/status-of-refusal.js';
import { V3_STATUS_OF_REFUSAL } from './v3/status-of-refusal.js';

// Each front's one table of refusal kinds (decision 953). v2's answers stay what they were when refusals were
// statuscodes: one kind per failure statuscode, both lists in the catalogue's order.
describe("the fronts' tables of refusal kinds", () => {
  it('v2: every kind answers its own statuscode, and every failure statuscode has exactly one kind, in order', () => {
    const failureCodes = statusCodes.filter((code) => code !== '200.1');
    expect(Object.keys(V2_STATUS_OF_REFUSAL)).toEqual(everyRefusalKind);
    expect(everyRefusalKind.map((kind) => V2_STATUS_OF_REFUSAL[kind])).toEqual(failureCodes);
  });

  it("v3: the class of v2's statuscode, but for what iMocha documents otherwise (decision 888)", () => {
    const differing = everyRefusalKind.filter((kind) => V3_STATUS_OF_REFUSAL[kind] !== httpStatusOf(V2_STATUS_OF_REFUSAL[kind]));
    expect(differing).toEqual(['no-records-for-email']);
    expect(V3_STATUS_OF_REFUSAL['no-records-for-email']).toBe(400);
  });

  it("Greenhouse: the class of v2's statuscode for every kind", () => {
    for (const kind of everyRefusalKind) expect(GREENHOUSE_STATUS_OF_REFUSAL[kind], kind).toBe(httpStatusOf(V2_STATUS_OF_REFUSAL[kind]));
  });
});
