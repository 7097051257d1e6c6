import { describeDocumentVsServer, documentRunSettings } from '../openapi/document-vs-server.js';

/**
 * The full document-vs-server property test (see test/openapi/document-vs-server.ts): 2,500 requests per
 * backend generated from the served OpenAPI document, on a fresh seed that a failure prints.
 */
describeDocumentVsServer(documentRunSettings({ runs: 2500, seed: undefined }));
