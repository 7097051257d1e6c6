/**
 * The invitations list's marked rows (issue 61 item 2): space marks or unmarks a row, one key marks every row shown
 * (or unmarks them when all are marked already). Kept as ids, not row positions, so a reload or a filter change cannot
 * move a mark onto another candidate; other screens (compare) open on the same set.
 */
export type Marks = ReadonlySet<number>;

export const NO_MARKS: Marks = new Set<number>();

export const toggleMark = (marked: Marks, id: number): Marks => {
  const next = new Set(marked);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
};

/** Marks every shown row, or, when each is marked already, unmarks them; marks on rows not shown are kept either way. */
export const toggleMarkAllShown = (marked: Marks, shownIds: readonly number[]): Marks => {
  const next = new Set(marked);
  const allMarked = shownIds.length > 0 && shownIds.every((id) => marked.has(id));
  for (const id of shownIds) {
    if (allMarked) next.delete(id);
    else next.add(id);
  }
  return next;
};

/** After a reload, marks on candidates no longer in the list are dropped: nobody is decided unseen. */
export const marksStillListed = (marked: Marks, listedIds: readonly number[]): Marks => {
  const listed = new Set(listedIds);
  return new Set([...marked].filter((id) => listed.has(id)));
};

export const markedCountText = (marked: Marks): string => (marked.size === 0 ? '' : `${marked.size} marked`);
