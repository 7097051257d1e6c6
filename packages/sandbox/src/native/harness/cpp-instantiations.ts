/**
 * The standard library's instantiations most interview answers use, made once per process instead of in every
 * compile (decision 1402). Two halves, both needed:
 * - the precompiled headers end with uses of them (`__assay_warm`, never called), so clang instantiates their
 *   bodies while building the header (`-fpch-instantiate-templates`) and a compile finds them already made: the
 *   front end's share (a `std::sort` of `vector<int>` alone was ~30 ms of CPU);
 * - they also declare them `extern template`, so a compile emits no code for them (the back end's share), and every
 *   C++ program links `libassay-std.a`, whose members are their explicit instantiations, one member per line, so
 *   the linker copies only those a program calls.
 * An answer that uses anything else compiles as before. What the candidate wrote means the same: an explicit
 * instantiation declaration changes where code is emitted, never which code.
 */
export const CPP_INSTANTIATIONS: readonly string[] = [
  'class std::vector<int>',
  'class std::vector<long long>',
  'class std::vector<double>',
  'class std::vector<char>',
  'class std::vector<std::string>',
  'class std::vector<std::vector<int>>',
  'class std::vector<std::pair<int, int>>',
  'class std::map<int, int>',
  'class std::map<std::string, int>',
  'class std::unordered_map<int, int>',
  'class std::unordered_map<std::string, int>',
  'class std::set<int>',
  'class std::unordered_set<int>',
  'void std::sort(std::vector<int>::iterator, std::vector<int>::iterator)',
  'void std::sort(std::vector<int>::iterator, std::vector<int>::iterator, std::greater<int>)',
  'void std::sort(std::vector<long long>::iterator, std::vector<long long>::iterator)',
  'void std::sort(std::vector<long long>::iterator, std::vector<long long>::iterator, std::greater<long long>)',
  'void std::sort(std::vector<std::string>::iterator, std::vector<std::string>::iterator)',
  'void std::sort(std::vector<double>::iterator, std::vector<double>::iterator)',
];

/**
 * Uses of the instantiations' inline members: an explicit instantiation declaration does not stop clang from
 * instantiating inline functions where they are called, so these make them in the header once.
 */
const WARM_USES = `namespace __assay_warm {
template <class T> inline void use_vector() {
  std::vector<T> v, w(v), x(1), y(1, T()), z(v.begin(), v.end()), m(std::move(x));
  v = w; v.resize(1); v.push_back(T()); v.emplace_back(); v.reserve(2); v.assign(1, T());
  v.insert(v.begin(), T()); v.erase(v.begin()); v.pop_back(); v.clear();
  (void)(v == w); (void)(v < w); (void)v.at(0); (void)v[0]; (void)v.size(); (void)v.front(); (void)v.back(); (void)v.empty();
  for (auto& e : v) (void)e;
}
template <class T> inline void use_sort() {
  std::vector<T> v;
  std::sort(v.begin(), v.end()); std::sort(v.begin(), v.end(), std::greater<T>()); std::reverse(v.begin(), v.end());
}
template <class M, class K> inline void use_map(K k) {
  M m, n(m);
  m = n; m[k]++; (void)m.count(k); (void)m.find(k); m.erase(k); (void)m.size(); (void)m.empty(); m.clear();
  for (auto& e : m) (void)e;
}
template <class S> inline void use_set() {
  S s, t(s);
  s = t; s.insert(1); (void)s.count(1); (void)s.find(1); s.erase(1); (void)s.size(); (void)s.empty(); s.clear();
  for (auto& e : s) (void)e;
}
inline void use() {
  use_vector<int>(); use_vector<long long>(); use_vector<double>(); use_vector<char>(); use_vector<std::string>();
  use_vector<std::vector<int>>(); use_vector<std::pair<int, int>>();
  use_sort<int>(); use_sort<long long>(); use_sort<std::string>(); use_sort<double>();
  use_map<std::map<int, int>>(0); use_map<std::map<std::string, int>>(std::string());
  use_map<std::unordered_map<int, int>>(0); use_map<std::unordered_map<std::string, int>>(std::string());
  use_set<std::set<int>>(); use_set<std::unordered_set<int>>();
}
}
`;

/** What each precompiled header ends with, after its includes: the `extern template` lines, then the uses. */
export const cppInstantiationsTail = (): string => `${CPP_INSTANTIATIONS.map((line) => `extern template ${line};\n`).join('')}${WARM_USES}`;

/** The archive's members: `i<n>.cpp`, each one explicit instantiation, compiled against the usual headers' `.pch`. */
export const cppInstantiationSources = (): { file: string; source: string }[] =>
  CPP_INSTANTIATIONS.map((line, index) => ({ file: `i${index}.cpp`, source: `template ${line};\n` }));

/** The archive every C++ program links, after its own objects. */
export const CPP_LIBRARY_ARCHIVE = 'libassay-std.a';
