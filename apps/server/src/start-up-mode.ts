import { setFlagsFromString } from 'node:v8';

/** The node and V8 options this process was started with: an operator's own settings are never overridden. */
const operatorOptions = (): string => [...process.execArgv, process.env.NODE_OPTIONS ?? ''].join(' ');

/**
 * V8 settings for the one-off work of starting (loading modules, building schemas and routes), undone once the
 * server listens. Each was measured on an idle server (bench/README.md, decisions 161 and 164):
 * - the young generation held at its initial size: start-up's allocation burst made V8 grow it to 32 MB, which then
 *   stayed for the life of an idle server (`--semi-space-growth-factor`; V8's default of 2 comes back after);
 * - no optimising compiler: start-up code runs once, and optimising it only faulted in ~10 MB of the compiler's own
 *   pages (`--no-opt`; `--opt` comes back after, and hot request code is optimised as before).
 * Idle RSS ~128 → ~87 MB, with the same start time and the same throughput under load.
 */
const SETTINGS = [
  { during: '--semi-space-growth-factor=1', after: '--semi-space-growth-factor=2', unlessOperatorSets: 'semi-space-growth-factor' },
  { during: '--no-opt', after: '--opt', unlessOperatorSets: 'opt' },
] as const;

/**
 * The settings start-up applies, given the operator's options: each is left out only when the operator sets that very
 * option. A `--max-semi-space-size` (the start script's, decision 258) once matched `semi-space` and silently left
 * start-up's young generation to grow: idle RSS 116 MB instead of ~89.
 */
export const startUpSettings = (options: string = operatorOptions()) => SETTINGS.filter(({ unlessOperatorSets }) => !options.includes(unlessOperatorSets));

export const enterStartUpMode = (): void => {
  for (const { during } of startUpSettings()) setFlagsFromString(during);
};

export const leaveStartUpMode = (): void => {
  for (const { after } of startUpSettings()) setFlagsFromString(after);
};
