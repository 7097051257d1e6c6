#!/usr/bin/env node
import { enterStartUpMode } from './start-up-mode.js';

// Before anything else is imported: loading the modules is most of start-up's work.
enterStartUpMode();
await import('./server-process.js');
