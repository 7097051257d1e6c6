import { readFile } from 'node:fs/promises';
import { UsageError } from '../errors.js';
import { type DefinitionSource, readDefinitionSource } from './definition-source.js';

/** A test file from disk (YAML, or JSON by its .json name); a file that cannot be read is a usage error (exit 2). */
export const readDefinitionFile = async (file: string): Promise<DefinitionSource> => {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  return readDefinitionSource(file, text);
};
