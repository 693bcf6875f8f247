import { useEffect, useRef } from 'react';

/**
 * Keyboard-wedge scanners type the code as a burst of keystrokes and end it with Enter, into
 * whatever has the focus. One hook reads them for every screen (ADR 0041), wherever they land:
 * - no field focused: every key is the scan's (nothing else would receive it), and Enter ends
 *   it, however slowly the keys came (a loaded device delays events);
 * - the screen's own code field (`data-scan-field`): the field takes the keys, and its form's
 *   submit gives the code to the same handler (ScanField), whether a scanner or a person typed;
 * - any other field (a quantity): keys less than `gapMs` apart form a burst; an Enter closing a
 *   burst of at least `minLength` characters is a scan: its characters are taken back out of the
 *   field and the Enter does not reach the field's form. A person types slower than that, so a
 *   person's Enter in a field stays the field's.
 */
const gapMs = 50;
/** Keys on no field further apart than this start a new scan (a stray key long before). */
const idleMs = 2000;
const minLength = 2;

/** Sets a field's value so that React's change handler sees it (React tracks the native setter). */
function restore(field: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

export function useScanner(onScan: (code: string) => void, enabled = true): void {
  const handler = useRef(onScan);
  handler.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    let burst = '';
    let last = 0;
    let field: HTMLInputElement | undefined;
    let before = '';
    const onKey = (event: KeyboardEvent) => {
      const target = event.target;
      const inField = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
      if (target instanceof HTMLElement && target.dataset.scanField !== undefined) return;
      const now = performance.now();
      const fresh = now - last > (inField ? gapMs : idleMs);
      last = now;
      if (event.key === 'Enter') {
        const code = burst.trim();
        const typedInto = field;
        const original = before;
        burst = '';
        field = undefined;
        if (fresh || code.length < minLength) return;
        event.preventDefault();
        event.stopPropagation();
        if (typedInto) restore(typedInto, original);
        handler.current(code);
        return;
      }
      if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
      if (fresh) {
        burst = '';
        field = target instanceof HTMLInputElement ? target : undefined;
        before = field?.value ?? '';
      }
      burst += event.key;
    };
    // Capture: seen before the field's own handlers, so the Enter of a scan can be kept from them.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
