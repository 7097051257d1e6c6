import { createClient, type AssayClient } from '@assay/client';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newOrg, serverUrl, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CapabilitiesProvider } from '../shell/capabilities-context.js';
import { osc52 } from '../shell/clipboard.js';
import { PeopleScreen } from './PeopleScreen.js';

/** An admin key's people screen (issue 50 item 5, decision 836) against a real server: add, issue, revoke, deactivate. */
describe('PeopleScreen against a real server', () => {
  let org: TestOrg;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('People');
  });
  afterEach(() => screen?.unmount());

  const render = (element: ReactElement, client: AssayClient) => {
    screen = renderScreen(<CapabilitiesProvider>{element}</CapabilitiesProvider>, { client });
    return screen;
  };
  /** Down until the highlighted row matches (the org's people are listed in the order they were added). */
  const moveTo = async (row: RegExp) => {
    for (let step = 0; step < 12 && !row.test(screen!.lastFrame()); step++) await screen!.press(KEYS.down);
    await screen!.waitFor(row);
  };
  const keyWorks = async (apiKey: string) =>
    createClient({ baseUrl: serverUrl(), apiKey, retries: 0 })
      .me.get()
      .then(
        () => true,
        () => false,
      );

  it('adds a person, issues them a key shown once (c copies it), and revokes it after y', async () => {
    render(<PeopleScreen />, org.client);
    const first = await screen!.waitFor('(unnamed) · admin');
    expect(widestLine(first)).toBeLessThanOrEqual(80);
    await screen!.press('a');
    await screen!.waitFor('Name, email, role');
    await screen!.expectChrome({ typing: true, modal: true });
    await screen!.press('Ada Lovelace, ada@example.com, reviewer', KEYS.enter);
    await screen!.waitFor('✓ Added Ada Lovelace (reviewer), highlighted');
    // The person just added is highlighted (issue 61: the admin's row stayed highlighted, and `k` minted for it).
    await screen!.waitFor('›Ada Lovelace <ada@example.com> · reviewer');

    // `k` asks first, naming whom and which role: n issues nothing.
    await screen!.press('k');
    await screen!.waitFor('Issue Ada Lovelace a reviewer key? Its secret is shown once.');
    await screen!.expectChrome({ modal: true });
    await screen!.press('n');
    await screen!.waitFor((frame) => !frame.includes('Issue Ada Lovelace a reviewer key?'));
    expect((await org.client.people.list()).people.find((person) => person.name === 'Ada Lovelace')?.keys).toEqual([]);
    await screen!.press('k');
    await screen!.waitFor('Issue Ada Lovelace a reviewer key?');
    await screen!.press('y');
    const issued = await screen!.waitFor('It is shown only now');
    const apiKey = /^(assay_\S+)/m.exec(issued)?.[1];
    expect(apiKey).toBeDefined();
    expect(await keyWorks(apiKey!)).toBe(true);
    await screen!.press('c');
    await screen!.waitFor('Copied to the clipboard (OSC 52)');
    expect(screen!.frames.some((written) => written.includes(osc52(apiKey!)))).toBe(true);

    const keyRow = await screen!.waitFor(/key \d+ \S+… reviewer/);
    const keyId = Number(/key (\d+) \S+… reviewer/.exec(keyRow)?.[1]);
    await screen!.press(KEYS.down);
    await screen!.waitFor(new RegExp(`›\\s+key ${keyId}`));
    await screen!.press('x');
    await screen!.waitFor(`Revoke key ${keyId}`);
    await screen!.press('n');
    expect(await keyWorks(apiKey!)).toBe(true);
    await screen!.press('x');
    await screen!.waitFor(`Revoke key ${keyId}`);
    await screen!.press('y');
    await screen!.waitFor(`✓ Revoked key ${keyId}.`);
    await screen!.waitFor(/revoked \d{4}-\d\d-\d\d/);
    expect(await keyWorks(apiKey!)).toBe(false);
    expect(widestLine(screen!.lastFrame())).toBeLessThanOrEqual(80);
  });

  it('refuses a bad line in place, and refuses deactivating its own person (409.21)', async () => {
    render(<PeopleScreen />, org.client);
    await screen!.waitFor('(unnamed) · admin');
    await screen!.press('a', 'Bob, chief', KEYS.enter);
    await screen!.waitFor('"chief" is neither an email nor a role');
    await screen!.press(KEYS.escape);
    await screen!.press('d');
    await screen!.waitFor(/Deactivate unnamed person \d+\?/);
    await screen!.press('y');
    await screen!.waitFor('409.21');
    expect(await keyWorks(org.apiKey)).toBe(true);
  });

  it('deactivates a person after y: their keys stop', async () => {
    const person = await org.client.people.add({ name: 'Zed Leaving', role: 'recruiter' });
    const key = await org.client.people.issueKey(person.personId);
    render(<PeopleScreen />, org.client);
    await screen!.waitFor('Zed Leaving · recruiter');
    await moveTo(/›Zed Leaving/);
    await screen!.press('d');
    await screen!.waitFor('Deactivate Zed Leaving?');
    await screen!.press('y');
    await screen!.waitFor('✓ Deactivated Zed Leaving');
    await screen!.waitFor(/Zed Leaving · recruiter · deactivated/);
    expect(await keyWorks(key.apiKey)).toBe(false);
  });

  it('offers the hiring-manager role at 80×24, adds one and issues her a key of that role (issue 61, decision 1380)', async () => {
    const crowded = await newOrg('People crowded');
    for (let index = 0; index < 20; index++) await crowded.client.people.add({ name: `Panel ${index}`, role: 'reviewer' });
    render(<PeopleScreen />, crowded.client);
    await screen!.waitFor('(unnamed) · admin');
    await screen!.press('a');
    const form = await screen!.waitFor('Roles: admin, recruiter, reviewer, blind-reviewer, hiring-manager');
    expect(widestLine(form)).toBeLessThanOrEqual(80);
    expect(form.split('\n').length).toBeLessThanOrEqual(24);
    await screen!.press('Maya Manager, hiring-manager', KEYS.enter);
    await screen!.waitFor('✓ Added Maya Manager (hiring-manager)');
    // Highlighted and scrolled into view below twenty others, with no key pressed.
    const added = await screen!.waitFor(/›Maya Manager · hiring-manager/);
    expect(added.split('\n').length).toBeLessThanOrEqual(24);
    await screen!.press('k');
    await screen!.waitFor('Issue Maya Manager a hiring-manager key?');
    await screen!.press('y');
    const issued = await screen!.waitFor(/Key \d+ \(hiring-manager\) issued/);
    const apiKey = /^(assay_\S+)/m.exec(issued)?.[1];
    const me = await createClient({ baseUrl: serverUrl(), apiKey: apiKey!, retries: 0 }).me.get();
    expect(me).toMatchObject({ role: 'hiring-manager', shownAs: 'Maya Manager' });
    expect(me.capabilities).toContain('decide-candidates');
    expect(me.capabilities).not.toContain('register-candidates');
  });

  it('Home and End reach the first and the last row, PgUp and PgDn move by a page (issue 61)', async () => {
    const many = await newOrg('People many');
    for (let index = 0; index < 14; index++) await many.client.people.add({ name: `Member ${String(index).padStart(2, '0')}`, role: 'reviewer' });
    render(<PeopleScreen />, many.client);
    await screen!.waitFor('›(unnamed) · admin');
    await screen!.press(KEYS.end);
    await screen!.waitFor('›Member 13 · reviewer');
    await screen!.press(KEYS.home);
    await screen!.waitFor('›(unnamed) · admin');
    await screen!.press(KEYS.pageDown);
    await screen!.waitFor(/›Member 0[89] · reviewer|›\s+key/);
  });
});
