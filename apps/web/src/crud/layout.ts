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
  return Math.max(1, links) * perLink + 24;
}
