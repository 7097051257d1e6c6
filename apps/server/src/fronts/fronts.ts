import type { FrontDescriptor } from './front-descriptor.js';
import { greenhouseFrontDescriptor } from './greenhouse/descriptor.js';
import { v2FrontDescriptor } from './v2/descriptor.js';
import { v3FrontDescriptor } from './v3/descriptor.js';

/**
 * The fronts of the API key, the one list every table reads (decision 1300): the registration, the rate limits, the
 * API document's security and conventions, and the tests. A new front is its folder and one line here.
 */
export const FRONTS: readonly FrontDescriptor[] = [v2FrontDescriptor, greenhouseFrontDescriptor, v3FrontDescriptor];
