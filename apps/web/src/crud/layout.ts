/**
 * Spans of description items laid out `column` to a row: a wide item (a remark) takes a whole
 * row, and the item before it, like the last item, stretches to the end of its row, so no row
 * is left ragged (antd warns about rows whose spans do not add up).
 */
export function descriptionSpans(wide: boolean[], column: number): number[] {
  const spans: number[] = [];
  let used = 0;
  const closeRow = () => {
    if (used > 0 && spans.length > 0) spans[spans.length - 1] = (spans.at(-1) ?? 1) + column - used;
    used = 0;
  };
  for (const isWide of wide) {
    if (isWide) {
      closeRow();
      spans.push(column);
      continue;
    }
    spans.push(1);
    used += 1;
    if (used === column) used = 0;
  }
  closeRow();
  return spans;
}

/**
 * The width of a list's fixed actions column: room for the links a user may have on a row and
 * no more (issue 29, 10). A fixed width for every list hid a read-only ledger's quantity under a
 * column holding one "查看" link. English words are longer than two Chinese characters.
 */
export function actionsWidth(links: number, language: 'zh' | 'mo' | 'en'): number {
  const perLink = language === 'en' ? 52 : 44;
  const inline = Math.min(Math.max(1, links), inlineRowLinks);
  // The "more" button of the links that did not fit (an ellipsis icon).
  const more = links > inlineRowLinks ? 32 : 0;
  return inline * perLink + more + 24;
}

/**
 * How many of a row's links show as links; the rest go into a compact "more" menu, so a list
 * where a user may view, edit, copy and delete keeps its numbers clear of the fixed column
 * (issue 29, 10: 232 px of English links covered the cost details' amount at 1440 px).
 */
export const inlineRowLinks = 2;

/** The links shown on the row and those behind "more", in their order. */
export function splitRowLinks<T>(links: readonly T[]): { inline: T[]; more: T[] } {
  if (links.length <= inlineRowLinks) return { inline: [...links], more: [] };
  return { inline: links.slice(0, inlineRowLinks), more: links.slice(inlineRowLinks) };
}
