import { App } from 'antd';
import dayjs from 'dayjs';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Closing a form the user has typed into asks first (issue 29, 9): Esc, Cancel and the close
 * button used to throw the input away. "Typed into" is a comparison of values, not of touches,
 * so a field changed and changed back, or a grid that re-renders, does not count.
 */

/** A value as it compares: blanks alike, dates as instants, lines and objects by content. */
function normal(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (dayjs.isDayjs(value)) return value.valueOf();
  if (value instanceof Date) return value.getTime();
  if (Array.isArray(value)) {
    const items = value.map(normal);
    return items.length === 0 ? null : items;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .map(([key, item]) => [key, normal(item)] as const)
      .filter(([, item]) => item !== null)
      .sort(([a], [b]) => a.localeCompare(b));
    return entries.length === 0 ? null : Object.fromEntries(entries);
  }
  return value;
}

/** Whether a form's values differ from those it opened with (blanks and key order aside). */
export function changedFrom(initial: unknown, current: unknown): boolean {
  return JSON.stringify(normal(initial)) !== JSON.stringify(normal(current));
}

/**
 * Answers `close(changed, done)`: `done` at once when nothing was typed, otherwise after the
 * user confirms discarding (keeping the form open when they choose to go on editing).
 */
export function useDiscardGuard() {
  const { modal } = App.useApp();
  const { t } = useTranslation();
  // One close may reach a form twice (the drawer's close and its open state both report it):
  // the question is asked once.
  const asking = useRef(false);
  return useCallback(
    (changed: boolean, done: () => void) => {
      if (!changed) {
        done();
        return;
      }
      if (asking.current) return;
      asking.current = true;
      modal.confirm({
        title: t('crud.discardTitle'),
        content: t('crud.discardConfirm'),
        okText: t('crud.discard'),
        okButtonProps: { danger: true },
        cancelText: t('crud.keepEditing'),
        className: 'bl-discard-confirm',
        // Enter keeps the input: throwing it away takes a deliberate click.
        autoFocusButton: 'cancel',
        onOk: done,
        afterClose: () => {
          asking.current = false;
        },
      });
    },
    [modal, t],
  );
}
