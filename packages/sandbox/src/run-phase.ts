/**
 * Which step a run is at, for the page to say while it waits (decision 1045): "Preparing the C++ compiler…" (a build
 * every run shares, or a warm compiler starting), "Compiling…", "Running 3 of 5…" (`case` is absent when one process
 * answers every case). Native runs tell each step as it begins; the other engines run as soon as they start.
 */
export type RunPhase =
  | { readonly step: 'preparing'; readonly what: string }
  | { readonly step: 'compiling' }
  | { readonly step: 'running'; readonly of: number; readonly case?: number };
