import { z } from 'zod';

/**
 * Which step a running run is at (decisions 1045, 1106): a build every run shares or a warm compiler starting
 * (`preparing`, `what` names it: "the C++ compiler"), compiling the candidate's program, or running its cases
 * (`case` of `of`, absent when one process answers every case). Native runs tell each step as it begins; a run whose
 * engine says nothing has no phase, and the page says how long it has run instead.
 */
const preparing = z.object({ step: z.literal('preparing'), what: z.string().min(1).max(200) });
const compiling = z.object({ step: z.literal('compiling') });
const running = z.object({ step: z.literal('running'), of: z.int().positive(), case: z.int().positive().optional() });

/** A step as the sandbox tells it (`RunOptions.onPhase`), before it is put in words. */
export const RunStep = z.discriminatedUnion('step', [preparing, compiling, running]);
export type RunStep = z.infer<typeof RunStep>;

/**
 * A step as a running sample run carries it: the step, and in `text` the server's words for it ("Preparing the C++
 * compiler…", "Compiling…", "Running 3 of 5…", "Running 5 tests…") for a client that does not word it itself. The
 * candidate page words its own line from the step, with the seconds the run has taken (decision 1106).
 */
const text = z.string().min(1).max(300);
export const RunPhase = z
  .discriminatedUnion('step', [preparing.extend({ text }), compiling.extend({ text }), running.extend({ text })])
  .meta({ id: 'RunPhase' });
export type RunPhase = z.infer<typeof RunPhase>;

/** A step as the sandbox tells it, with the words `RunPhase.text` carries. */
export const runPhaseOf = (step: RunStep): RunPhase => {
  switch (step.step) {
    case 'preparing':
      return { step: 'preparing', what: step.what, text: `Preparing ${step.what}…` };
    case 'compiling':
      return { step: 'compiling', text: 'Compiling…' };
    case 'running':
      return {
        step: 'running',
        of: step.of,
        ...(step.case === undefined ? {} : { case: step.case }),
        text: step.case === undefined ? `Running ${step.of} ${step.of === 1 ? 'test' : 'tests'}…` : `Running ${step.case} of ${step.of}…`,
      };
  }
};
