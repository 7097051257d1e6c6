/** Identifier rules shared by more than one language's profile. */
export const JS_IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
export const C_LIKE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
export const PYTHON_IDENTIFIER = C_LIKE_IDENTIFIER;
export const PYTHON_KEYWORDS: ReadonlySet<string> = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield'.split(
    ' ',
  ),
);
