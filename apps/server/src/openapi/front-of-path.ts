import type { FrontDescriptor } from '../fronts/front-descriptor.js';

/** The front whose prefix a documented path is under, if any: the document reads the one list of fronts (decision 1300). */
export const frontOfPath = (fronts: readonly FrontDescriptor[], path: string): FrontDescriptor | undefined =>
  fronts.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`));
