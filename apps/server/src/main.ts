#!/usr/bin/env node
import { enterStartUpMode } from './start-up-mode.js';
import { keepSemiSpaceToRequestThread } from './young-generation.js';

// Before anything else is imported: loading the modules is most of start-up's work.
keepSemiSpaceToRequestThread();
enterStartUpMode();
await import('./server-process.js');
