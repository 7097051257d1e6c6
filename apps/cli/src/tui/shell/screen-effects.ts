import type { TestLink } from '@assay/domain/schemas';
import type { Route } from '../state/app-state.js';
import type { MoveRequest } from '../state/invitation-moves.js';
import type { ScreenEffect } from '../state/screen-keys.js';

/** What a screen does with the effects its keys ask for; a screen offers only the ones its keys can ask. */
export interface EffectTargets {
  open(route: Route): void;
  export?(path: string): void;
  ask?(request: MoveRequest): void;
  toggle?(link: TestLink): void;
}

export const performWith =
  (targets: EffectTargets) =>
  (effect: ScreenEffect): void => {
    if ('open' in effect) targets.open(effect.open);
    else if ('export' in effect) targets.export?.(effect.export);
    else if ('ask' in effect) targets.ask?.(effect.ask);
    else targets.toggle?.(effect.toggle);
  };
