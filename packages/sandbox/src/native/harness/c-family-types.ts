import type { ValueType } from '@assay/domain/languages';
import { cppTypeName } from '@assay/domain/languages';

/** The fully qualified C++ type (the harness never relies on the candidate's `using namespace std`). */
export function cppQualifiedType(type: ValueType): string {
  return cppTypeName(type)
    .replace(/\bvector</g, 'std::vector<')
    .replace(/\bmap</g, 'std::map<')
    .replace(/\bstring\b/g, 'std::string');
}
