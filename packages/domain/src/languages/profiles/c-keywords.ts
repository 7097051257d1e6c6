/** Words that cannot name a C function or parameter: the keywords of C17, and `main` (the harness's). */
export const C_KEYWORDS: ReadonlySet<string> = new Set(
  'auto break case char const continue default do double else enum extern float for goto if inline int long register restrict return short signed sizeof static struct switch typedef union unsigned void volatile while _Alignas _Alignof _Atomic _Bool _Complex _Generic _Imaginary _Noreturn _Static_assert _Thread_local bool true false main'.split(
    ' ',
  ),
);

/** The keywords of C++20 (and `main`). */
export const CPP_KEYWORDS: ReadonlySet<string> = new Set([
  ...C_KEYWORDS,
  ...'alignas alignof and and_eq asm bitand bitor catch char8_t char16_t char32_t class compl concept consteval constexpr constinit const_cast co_await co_return co_yield decltype delete dynamic_cast explicit export friend mutable namespace new noexcept not not_eq nullptr operator or or_eq private protected public reinterpret_cast requires static_assert static_cast template this thread_local throw try typeid typename using virtual wchar_t xor xor_eq'.split(
    ' ',
  ),
]);

/** A parameter named like a keyword gets a trailing underscore in a stub (the harness passes arguments by position). */
export const renameReserved =
  (reserved: ReadonlySet<string>) =>
  (name: string): string =>
    reserved.has(name) ? `${name}_` : name;
