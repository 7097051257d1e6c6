/** Browser prompts the page itself opens (the camera permission): the window loses focus to them, the candidate does not leave. */
let promptsOpen = 0;

export const browserPromptOpen = (): boolean => promptsOpen > 0;

export const whileBrowserPrompts = async <T>(work: () => Promise<T>): Promise<T> => {
  promptsOpen += 1;
  try {
    return await work();
  } finally {
    promptsOpen -= 1;
  }
};
