import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SNAPSHOT_IMAGE_LIMITS, SNAPSHOT_RATE, type TestLink } from '@assay/domain';
import { REPORT_URL_KEY_SETTING, newReportUrlKey, signedReportUrl } from '@assay/delivery';
import { candidate, manualClock, registerFor, tokenOf } from '../helpers/candidate.js';
import { expectFailure, expectSuccess } from '../helpers/expectations.js';
import {
  GIF_1X1,
  SVG,
  dataUrl,
  garbageZlibPng,
  hugeHeaderPng,
  isJpeg,
  noisyJpeg,
  realImage,
  truncatedZlibPng,
} from '../../../../packages/reports/test/hostile-images.js';
import { isPdf, pdfImageCount, pdfLines } from '../helpers/pdf-text.js';
import { PUBLIC_URL, backends, startHarness, type Harness } from '../helpers/test-app.js';

/**
 * Issue 7.1, by class: no image a candidate sends, and no image already stored, can take the process down. Uploads
 * are sniffed, bounded and re-encoded before they are stored; renders check every stored image again off the request
 * thread, and an unreadable one becomes a placeholder.
 */
describe.each(backends)('hostile images on %s', (backend) => {
  let h: Harness;
  const clock = manualClock(Date.UTC(2026, 11, 1, 9, 0, 0));
  let testId: number;
  let proctoredLink: TestLink;
  let plainLink: TestLink;
  let candidates = 0;

  beforeAll(async () => {
    h = await startHarness(backend, {}, clock.now);
    testId = await h.importTest();
    const createLink = async (imageProctoring: 0 | 1) =>
      expectSuccess<TestLink>(
        await h.request({
          method: 'POST',
          url: `/v2/org/tests/${testId}/testlinks`,
          body: { testLinkName: 'Camera', timeZoneId: 1720, accessTime: 0, imageProctoring },
        }),
      );
    proctoredLink = await createLink(1);
    plainLink = await createLink(0);
  });
  afterAll(() => h.close());

  const registerOn = async (link: TestLink) => {
    candidates += 1;
    const result = expectSuccess<{ testInvitationId: number; testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: `camera${candidates}@example.com`, fullName: `Camera ${candidates}` },
      }),
    );
    return { invitationId: result.testInvitationId, api: candidate(h, tokenOf(result.testUrl)) };
  };

  /** A running attempt on the proctored link: a fresh one per test, so the rate limit never carries over. */
  const running = async () => {
    const attempt = await registerOn(proctoredLink);
    expectSuccess(await attempt.api.start());
    return attempt;
  };

  const stored = (invitationId: number) => h.store.attempts.snapshots(invitationId);

  describe('uploads', () => {
    const refused: [string, () => Buffer | Promise<Buffer>, string][] = [
      ['a PNG whose IDAT is not zlib', garbageZlibPng, 'image/png'],
      ['a PNG whose zlib stream is cut short', truncatedZlibPng, 'image/png'],
      ['a PNG header declaring 60000×60000', hugeHeaderPng, 'image/png'],
      ['a GIF sent as image/png', () => GIF_1X1, 'image/png'],
      ['an SVG with a script sent as image/png', () => SVG, 'image/png'],
      ['a JPEG cut in half', async () => (await realImage('jpeg')).subarray(0, 8_000), 'image/jpeg'],
      ['a real JPEG over the byte limit', () => noisyJpeg(600, 450), 'image/jpeg'],
    ];

    it.each(refused)('refuses %s with 400.12 and stores nothing', async (_, make, mediaType) => {
      const bytes = await make();
      const { invitationId, api } = await running();
      const body = expectFailure(await api.snapshot(dataUrl(mediaType, bytes)), '400.12');
      expect(body.result).toMatch(/JPEG, PNG or WebP|bytes|pixels/);
      expect(await stored(invitationId)).toEqual([]);
    });

    it('refuses an SVG data URL with a message that names every accepted type', async () => {
      const { invitationId, api } = await running();
      const body = expectFailure(await api.snapshot(dataUrl('image/svg+xml', SVG)), '400.2');
      expect(body.result).toContain('JPEG, PNG or WebP');
      expect(await stored(invitationId)).toEqual([]);
    });

    it('the oversize case is over the byte limit but within the request schema', async () => {
      const bytes = await noisyJpeg(600, 450);
      expect(bytes.length).toBeGreaterThan(SNAPSHOT_IMAGE_LIMITS.maxBytes);
      expect(dataUrl('image/jpeg', bytes).length).toBeLessThan(700_000);
    });

    it.each(['jpeg', 'png', 'webp'] as const)('stores a real %s as a normalised JPEG without metadata', async (format) => {
      const { invitationId, api } = await running();
      const source = await sharp(await realImage(format))
        .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-tag' } } })
        .toBuffer();
      expectSuccess(await api.snapshot(dataUrl(`image/${format}`, source)));
      const [snapshot] = await stored(invitationId);
      expect(snapshot?.mediaType).toBe('image/jpeg');
      expect(isJpeg(snapshot!.data)).toBe(true);
      const metadata = await sharp(snapshot!.data).metadata();
      expect(metadata).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
      expect(metadata.exif).toBeUndefined();
      expect(snapshot!.data.includes('secret-gps-tag')).toBe(false);
    });

    it('trusts the bytes, not the data URL: WebP bytes declared as image/jpeg are stored as a JPEG', async () => {
      const { invitationId, api } = await running();
      expectSuccess(await api.snapshot(dataUrl('image/jpeg', await realImage('webp'))));
      const [snapshot] = await stored(invitationId);
      expect((await sharp(snapshot!.data).metadata()).format).toBe('jpeg');
    });

    it('shrinks a large photo to at most 640×480', async () => {
      const { invitationId, api } = await running();
      const large = await sharp({ create: { width: 1920, height: 1080, channels: 3, background: '#3366aa' } })
        .jpeg()
        .toBuffer();
      expectSuccess(await api.snapshot(dataUrl('image/jpeg', large)));
      const [snapshot] = await stored(invitationId);
      expect(await sharp(snapshot!.data).metadata()).toMatchObject({ width: 640, height: 360 });
    });

    it('keeps only the image of a JPEG/PNG polyglot: the smuggled payload is not stored', async () => {
      const { invitationId, api } = await running();
      const payload = Buffer.from('<html><script>alert(document.cookie)</script></html>');
      const polyglot = Buffer.concat([await realImage('png'), payload, await realImage('jpeg')]);
      expectSuccess(await api.snapshot(dataUrl('image/png', polyglot)));
      const [snapshot] = await stored(invitationId);
      expect(isJpeg(snapshot!.data)).toBe(true);
      expect(snapshot!.data.includes('<script>')).toBe(false);
      expect(snapshot!.data.length).toBeLessThan(polyglot.length);
    });
  });

  describe('who may send snapshots, and how often', () => {
    const image = async () => dataUrl('image/jpeg', await realImage('jpeg'));

    it('refuses 403.15 when the link does not have imageProctoring, and for invitations without a link', async () => {
      const plain = await registerOn(plainLink);
      expectSuccess(await plain.api.start());
      expectFailure(await plain.api.snapshot(await image()), '403.15');
      expect(await stored(plain.invitationId)).toEqual([]);

      const direct = await registerFor(h, testId, 'direct-camera@example.com');
      expectSuccess(await candidate(h, direct.token).start());
      expectFailure(await candidate(h, direct.token).snapshot(await image()), '403.15');
    });

    it('refuses before the start (403.13) and after the submit (403.11)', async () => {
      const { invitationId, api } = await registerOn(proctoredLink);
      expectFailure(await api.snapshot(await image()), '403.13');
      expectSuccess(await api.start());
      expectSuccess(await api.snapshot(await image()));
      expectSuccess(await api.submit());
      expectFailure(await api.snapshot(await image()), '403.11');
      expect(await stored(invitationId)).toHaveLength(1);
    });

    it('takes a burst of three, then answers 429.1 with Retry-After until the window frees a place', async () => {
      const { invitationId, api } = await running();
      for (let index = 0; index < SNAPSHOT_RATE.burst; index++) {
        expectSuccess(await api.snapshot(await image()));
        clock.advance(1_000);
      }
      const limited = await api.snapshot(await image());
      expectFailure(limited, '429.1');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBe((SNAPSHOT_RATE.burst * SNAPSHOT_RATE.intervalMs) / 1000 - SNAPSHOT_RATE.burst);
      expect(await stored(invitationId)).toHaveLength(SNAPSHOT_RATE.burst);

      clock.advance(retryAfter * 1000);
      expectSuccess(await api.snapshot(await image()));
      expect(await stored(invitationId)).toHaveLength(SNAPSHOT_RATE.burst + 1);
    });

    it('holds the limit under concurrent uploads: never more than the burst is stored', async () => {
      const { invitationId, api } = await running();
      const picture = await image();
      const answers = await Promise.all(Array.from({ length: 8 }, () => api.snapshot(picture)));
      const codes = answers.map((answer) => answer.json<{ statuscode: string }>().statuscode);
      expect(codes.filter((code) => code === '200.1')).toHaveLength(SNAPSHOT_RATE.burst);
      expect(codes.filter((code) => code === '429.1')).toHaveLength(8 - SNAPSHOT_RATE.burst);
      expect(await stored(invitationId)).toHaveLength(SNAPSHOT_RATE.burst);
    });
  });

  describe('stored before the upload checks existed (old rows)', () => {
    const hostile: [string, string, () => Buffer][] = [
      ['garbage zlib PNG', 'image/png', garbageZlibPng],
      ['truncated zlib PNG', 'image/png', truncatedZlibPng],
      ['60000×60000 PNG header', 'image/png', hugeHeaderPng],
      ['GIF', 'image/png', () => GIF_1X1],
      ['SVG', 'image/png', () => SVG],
      ['not an image at all', 'image/jpeg', () => Buffer.from('hello')],
    ];

    it('renders the PDF with a placeholder for each, through the API and the signed URL, and the server stays up', async () => {
      const { invitationId, api } = await running();
      const good = await realImage('webp');
      await h.store.attempts.addSnapshot(invitationId, clock.now(), 'image/webp', good);
      for (const [, mediaType, make] of hostile) await h.store.attempts.addSnapshot(invitationId, clock.now(), mediaType, make());

      expectSuccess(await api.submit());
      const viaApi = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
      const key = await h.store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
      const completedAt = (await h.store.invitations.find(h.org.orgId, invitationId))!.completedAt!;
      const signed = signedReportUrl(PUBLIC_URL, key, { invitationId, completedAt }, clock.now()).slice(PUBLIC_URL.length);
      const viaSignedUrl = await h.request({ method: 'GET', url: signed, apiKey: null });

      for (const response of [viaApi, viaSignedUrl]) {
        expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(isPdf(response.rawPayload)).toBe(true);
        const lines = pdfLines(response.rawPayload);
        expect(lines).toContain(`Camera snapshots (${hostile.length + 1})`);
        expect(lines.filter((line) => line === 'Image unreadable')).toHaveLength(hostile.length);
        // The WebP (which pdfkit cannot draw) is drawn, as the JPEG the render made of it.
        expect(pdfImageCount(response.rawPayload)).toBe(1);
      }
      expectSuccess(await h.request({ method: 'GET', url: '/healthz', apiKey: null }));
    });
  });
});
