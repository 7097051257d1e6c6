import type { RouteIndex } from '../plugins/method-not-allowed.js';
import type { AppContext } from '../context.js';
import type { FrontPrefixes } from './declare-front.js';

/** What a front's registration receives: the routes' context, and what it declares itself to. */
export interface FrontOptions extends AppContext {
  readonly routes: RouteIndex;
  readonly prefixes: FrontPrefixes;
  /** The front's own prefix, given at registration. */
  readonly prefix?: string;
}
