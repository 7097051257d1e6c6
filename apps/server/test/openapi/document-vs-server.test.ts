import { describeDocumentVsServer, documentRunSettings } from './document-vs-server.js';

/**
 * The fast loop's share of the document-vs-server property test: 1,000 requests per backend on a fixed seed, so
 * a red run is red again and every operation is reached, valid and broken. `pnpm test:system` sends 2,500 per
 * backend on a fresh seed (test/system/document-vs-server.test.ts).
 */
describeDocumentVsServer(documentRunSettings({ runs: 1000, seed: 20_261_122 }));
