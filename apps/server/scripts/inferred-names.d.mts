/** `code` with every `__name` call inside a function blanked where the language names the function (a class: the same); how many. */
export declare const blankInferredNames: (code: string) => { code: string; blanked: number };
