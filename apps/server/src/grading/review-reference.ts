import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** The settings key of the service-wide key review references are enciphered under: every server must share it. */
export const REVIEW_REFERENCE_KEY_SETTING = 'review_reference_key';

export const newReviewReferenceKey = (): string => randomBytes(32).toString('base64url');

/** Marks a block as a review reference: a made-up reference deciphers to something else but for 1 in 65,536. */
const MAGIC = 0x5231;
/** Ids are below 2^53 (the API's 16 digits); seven bytes hold them. */
const ID_BYTES = 7;

export interface ReviewAnswer {
  readonly invitationId: number;
  readonly questionId: number;
}

/**
 * An answer's reference in the review queue (decision 656): its invitation and question ids in one 16-byte block,
 * enciphered with AES-256 under the service's key. One block through the cipher itself is a pseudorandom
 * permutation: the same answer always has the same reference (paging and reloading agree), every answer has
 * another, and without the key neither the ids nor their order can be read from it.
 */
export const reviewReferenceOf = (key: string, answer: ReviewAnswer): string => {
  const block = Buffer.alloc(16);
  block.writeUIntBE(Math.floor(answer.invitationId / 2 ** 24), 0, 4);
  block.writeUIntBE(answer.invitationId % 2 ** 24, 4, 3);
  block.writeUIntBE(Math.floor(answer.questionId / 2 ** 24), ID_BYTES, 4);
  block.writeUIntBE(answer.questionId % 2 ** 24, ID_BYTES + 4, 3);
  block.writeUInt16BE(MAGIC, 14);
  const cipher = createCipheriv('aes-256-ecb', Buffer.from(key, 'base64url'), null).setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]).toString('base64url');
};

/** The answer a reference names; undefined for one this key did not make (the caller answers it as a missing answer). */
export const answerOfReviewReference = (key: string, reference: string): ReviewAnswer | undefined => {
  const sealed = Buffer.from(reference, 'base64url');
  if (sealed.length !== 16) return undefined;
  const decipher = createDecipheriv('aes-256-ecb', Buffer.from(key, 'base64url'), null).setAutoPadding(false);
  const block = Buffer.concat([decipher.update(sealed), decipher.final()]);
  if (block.readUInt16BE(14) !== MAGIC) return undefined;
  const invitationId = block.readUIntBE(0, 4) * 2 ** 24 + block.readUIntBE(4, 3);
  const questionId = block.readUIntBE(ID_BYTES, 4) * 2 ** 24 + block.readUIntBE(ID_BYTES + 4, 3);
  if (!Number.isSafeInteger(invitationId) || !Number.isSafeInteger(questionId) || invitationId < 1 || questionId < 1) return undefined;
  return { invitationId, questionId };
};
