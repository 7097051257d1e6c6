import { DECISION_VERBS, historyActorText, type CandidateEvaluation } from '@assay/domain/invitations';
import { type Command, InvalidArgumentError } from 'commander';
import { parseId } from './arguments.js';
import type { CliIo } from './cli-io.js';
import { connect } from './connection.js';
import { act, withJson, type GlobalOptions } from './json-option.js';
import { emit } from './output.js';

export const parseVerb = (value: string) => {
  if (!Object.hasOwn(DECISION_VERBS, value)) throw new InvalidArgumentError(`must be one of ${Object.keys(DECISION_VERBS).join(', ')}.`);
  return value;
};

export const parseRating = (value: string): number | null => {
  if (value === 'none') return null;
  if (!/^[1-5]$/.test(value)) throw new InvalidArgumentError('must be a whole number from 1 to 5, or none.');
  return Number(value);
};

/** What stands on an invitation, a few lines a person reads. */
export const evaluationText = (evaluation: CandidateEvaluation): string => {
  const { decision } = evaluation;
  const lines = [
    `Invitation ${evaluation.testInvitationId}`,
    `Decision: ${decision ? `${decision.decision} by ${historyActorText(decision.decidedBy)}${decision.reason ? ` ("${decision.reason}")` : ''}` : 'none'}`,
    `Tags: ${evaluation.tags.length === 0 ? 'none' : evaluation.tags.join(', ')}`,
    `Ratings: ${evaluation.ratings.length === 0 ? 'none' : `${evaluation.ratings.map((rating) => `${rating.rating} by ${historyActorText(rating.ratedBy)}`).join(', ')} (mean ${evaluation.meanRating})`}`,
  ];
  return [...lines, ...notesText(evaluation.notes)].join('\n');
};

const notesText = (notes: CandidateEvaluation['notes']): string[] =>
  notes.length === 0
    ? ['Notes: none']
    : notes.map((note) => `Note ${note.noteId} by ${historyActorText(note.author)}${note.editedAt ? ' (edited)' : ''}: ${note.text}`);

/**
 * Issue 50 item 2: `assay decide`, `assay tag`, `assay note`, `assay rate`. Each prints what now stands (or `--json`);
 * a usage error exits 2, a refusal (a reviewer key deciding, someone else's note) 1.
 */
export const registerDecisions = (program: Command, io: CliIo): void => {
  const tag = program.command('tag').description("add or remove an invitation's tags");
  for (const [name, description] of [
    ['add', 'add a tag (lower case, spaces as -)'],
    ['remove', 'remove a tag'],
  ] as const) {
    withJson(tag.command(name).description(description).argument('<ID>', 'the testInvitationId', parseId).argument('<TAG>', 'the tag')).action(
      act(io, async (io, options: GlobalOptions, id: number, text: string) => {
        const client = await connect(io, options.profile);
        const evaluation = name === 'add' ? await client.decisions.addTag(id, text) : await client.decisions.removeTag(id, text);
        emit(io, options, evaluation, () => `Tags: ${evaluation.tags.length === 0 ? 'none' : evaluation.tags.join(', ')}`);
      }),
    );
  }

  const note = program.command('note').description("an invitation's notes, each signed by its key");
  withJson(note.command('add').description('write a note').argument('<ID>', 'the testInvitationId', parseId).argument('<TEXT>', 'the note')).action(
    act(io, async (io, options: GlobalOptions, id: number, text: string) => {
      const evaluation = await (await connect(io, options.profile)).decisions.addNote(id, text);
      emit(io, options, evaluation, () => notesText(evaluation.notes).join('\n'));
    }),
  );
  withJson(note.command('list').description('the notes, oldest first').argument('<ID>', 'the testInvitationId', parseId)).action(
    act(io, async (io, options: GlobalOptions, id: number) => {
      const notes = await (await connect(io, options.profile)).decisions.notes(id);
      emit(io, options, notes, () => notesText(notes.notes).join('\n'));
    }),
  );
  withJson(
    note
      .command('edit')
      .description('replace the text of a note of your own')
      .argument('<ID>', 'the testInvitationId', parseId)
      .argument('<NOTE_ID>', 'the noteId', parseId)
      .argument('<TEXT>', 'the new text'),
  ).action(
    act(io, async (io, options: GlobalOptions, id: number, noteId: number, text: string) => {
      const evaluation = await (await connect(io, options.profile)).decisions.editNote(id, noteId, text);
      emit(io, options, evaluation, () => notesText(evaluation.notes).join('\n'));
    }),
  );
  withJson(
    note
      .command('delete')
      .description('delete a note of your own')
      .argument('<ID>', 'the testInvitationId', parseId)
      .argument('<NOTE_ID>', 'the noteId', parseId),
  ).action(
    act(io, async (io, options: GlobalOptions, id: number, noteId: number) => {
      const evaluation = await (await connect(io, options.profile)).decisions.deleteNote(id, noteId);
      emit(io, options, evaluation, () => `Note ${noteId} deleted.`);
    }),
  );

  withJson(
    program
      .command('rate')
      .description('your own rating of a candidate, 1 to 5, or none to remove it')
      .argument('<ID>', 'the testInvitationId', parseId)
      .argument('<RATING>', '1-5 | none', parseRating),
  ).action(
    act(io, async (io, options: GlobalOptions, id: number, rating: number | null) => {
      const evaluation = await (await connect(io, options.profile)).decisions.rate(id, rating);
      emit(io, options, evaluation, () => evaluationText(evaluation));
    }),
  );
};
