import type { BankFormat, BankItem, Result } from '@assay/domain';
import { giftItems } from './gift.js';
import { moodleXmlItems } from './moodle-xml.js';

/** Each format's reader: a new format does not compile until it has one. */
const READERS: Readonly<Record<BankFormat, (content: string) => Result<BankItem[]>>> = {
  'moodle-xml': moodleXmlItems,
  gift: giftItems,
};

/** A bank's file read into items by its format's reader; loaded by the first import (routes/bank-import.ts). */
export const bankItemsOf = (format: BankFormat, content: string): Result<BankItem[]> => READERS[format](content);
