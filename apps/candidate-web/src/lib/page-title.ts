/**
 * The tab's title says where the candidate is ("Not open yet – Backend screening · Assay"): a screen reader
 * reads it first, and several tabs stay apart. `state` first, as it is what changes.
 */
export function setPageTitle(state: string, testName?: string | null): void {
  document.title = testName ? `${state} – ${testName} · Assay` : `${state} · Assay`;
}
