import { z } from 'zod';
import { testDurationOf, type TestDefinition } from '../schemas/test-definition.js';
import { LibraryItemId } from './library-item.js';

/** What `POST /v2/org/tests/{testId}/library-items` takes: a ready test's sections, or chosen items, to add. */
export const LibraryAdditionInput = z
  .strictObject({
    readyTest: LibraryItemId.optional().meta({
      description: 'The id of a ready test whose sections are added (GET /v2/org/library/tests). Give this or `items`.',
    }),
    items: z
      .array(LibraryItemId)
      .min(1)
      .max(500)
      .optional()
      .meta({ description: 'Library item ids, each once: the questions in a general section, the coding problems in a coding section after it.' }),
  })
  .refine((input) => (input.readyTest === undefined) !== (input.items === undefined), {
    error: 'give readyTest (a ready test) or items (chosen items), one of them',
  })
  .meta({ id: 'LibraryAdditionInput' });
export type LibraryAdditionInput = z.infer<typeof LibraryAdditionInput>;

/**
 * The test's current definition with the library's sections after its own (issue 62 item 2, "into an existing test";
 * decision 1491): the description gains the library's attribution, a set duration grows by what is added; the result
 * becomes the test's next version, so attempts already started keep theirs.
 */
export const withLibraryAddition = (current: TestDefinition, addition: TestDefinition): TestDefinition => ({
  ...current,
  description: [current.description, addition.description].filter((text) => text.trim() !== '').join('\n\n'),
  sections: [...current.sections, ...addition.sections],
  ...(current.duration === undefined ? {} : { duration: current.duration + testDurationOf(addition) }),
});
