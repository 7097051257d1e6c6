import { describe, expect, it } from 'vitest';
import { listeningLine, ownUrl, warmingLine } from './start-up-notes.js';

describe('the banner line (decision 863)', () => {
  it("names this process's own address, not the public URL several servers share", () => {
    expect(listeningLine(ownUrl('127.0.0.1', { address: '127.0.0.1', family: 'IPv4', port: 3001 }), 'https://assay.example.com')).toBe(
      'Assay is listening on http://localhost:3001 (public URL: https://assay.example.com; API reference: https://assay.example.com/docs)',
    );
    expect(ownUrl('0.0.0.0', { address: '0.0.0.0', family: 'IPv4', port: 3002 })).toBe('http://0.0.0.0:3002');
    expect(ownUrl('::', { address: '::', family: 'IPv6', port: 3003 })).toBe('http://[::]:3003');
  });

  it('says one address when the public URL is this listener, however loopback is spelt', () => {
    expect(listeningLine('http://localhost:3000', 'http://localhost:3000')).toBe(
      'Assay is listening on http://localhost:3000 (API reference: http://localhost:3000/docs)',
    );
    expect(listeningLine('http://localhost:3000', 'http://127.0.0.1:3000')).toBe(
      'Assay is listening on http://localhost:3000 (API reference: http://127.0.0.1:3000/docs)',
    );
    expect(listeningLine('http://localhost:3000', 'http://127.0.0.1:3001')).toMatch(/public URL: http:\/\/127\.0\.0\.1:3001/);
  });
});

describe('the banner line about the compilers (decision 1045)', () => {
  it('names the languages whose compilers warm in the background, in the registry order, or says nothing', () => {
    expect(warmingLine(['rust', 'java', 'cpp'])).toBe(
      'Preparing the compilers of Java, C++, Rust in the background (a first run waits for its own; GET /readyz lists those still warming).',
    );
    expect(warmingLine([])).toBeUndefined();
  });
});
