import type { AssayClient } from '@assay/client';
import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { importExample, newOrg, type TestOrg, reviewerClient } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { NotesScreen } from './NotesScreen.js';

/** A candidate's notes (issue 50 item 2): its author edits or deletes their own; another person's offers neither. */
describe('NotesScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let reviewer: AssayClient;
  let id: number;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Notes');
    test = await importExample(org.client, 'sql-and-data-modelling');
    id = (await org.client.invitations.register(test.testId, { emailId: 'ada@example.com', fullName: 'Ada Lovelace' })).testInvitationId;
    reviewer = await reviewerClient(org);
    await reviewer.decisions.addNote(id, 'Reviewer: strong on joins.');
    await org.client.decisions.addNote(id, 'Mine: call back Monday.');
  });
  afterEach(() => screen?.unmount());

  const open = async () => {
    screen = renderScreen(
      <CapabilitiesProvider>
        <NotesScreen testInvitationId={id} fullName="Ada Lovelace" />
      </CapabilitiesProvider>,
      { client: org.client },
    );
    return screen.waitFor((frame) => frame.includes('call back Monday') && frame.includes('(you)'));
  };
  const keys = () => screen!.chrome()?.hints.map((hint) => hint.keys);

  it('offers no edit or delete on another person’s note: e and x do nothing', async () => {
    const frame = await open();
    expect(frame).toContain('Panel · ');
    expect(frame).toContain('Reviewer: strong on joins.');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(keys()).not.toContain('e');
    expect(keys()).not.toContain('x');
    await screen!.press('e', 'x');
    const after = screen!.lastFrame() ?? '';
    expect(after).not.toContain('Edit your note');
    expect(after).not.toContain('Delete your note');
  });

  it('edits the key’s own note, then deletes it after a confirmation; n declines', async () => {
    await open();
    await screen!.press(KEYS.down);
    await vi.waitFor(() => expect(keys()).toContain('e'));
    await screen!.press('e');
    await screen!.waitFor('Edit your note');
    await screen!.expectChrome({ typing: true, modal: true });
    await screen!.press('\u0015', 'Mine: call back Tuesday.', KEYS.enter);
    await screen!.waitFor('✓ Note edited.');
    await screen!.waitFor('(edited): Mine: call back Tuesday.');
    expect((await org.client.decisions.notes(id)).notes.map((note) => note.text)).toEqual(['Reviewer: strong on joins.', 'Mine: call back Tuesday.']);
    await screen!.press('x');
    await screen!.waitFor('Delete your note?');
    await screen!.press('n');
    await screen!.waitFor((frame) => !frame.includes('Delete your note?'));
    await screen!.press('x', 'y');
    await screen!.waitFor('✓ Note deleted.');
    expect((await org.client.decisions.notes(id)).notes.map((note) => note.text)).toEqual(['Reviewer: strong on joins.']);
  });
});
