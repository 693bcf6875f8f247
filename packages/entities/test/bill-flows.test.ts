import { describe, expect, it } from 'vitest';
import { type FlowAction, type MovementClass, movementClassOf } from '../src/flow.ts';
import { entities } from '../src/registry.ts';

const flowEntities = entities.filter((entity) => entity.flow !== undefined);

describe('movement classes of the postings (issue 29, 2)', () => {
  // The in/out figures read these: a bill that moved into another class would change what an
  // owner is told came in or went out, so the table is spelt out here on purpose.
  const expected: Record<string, MovementClass> = {
    isinstockbill: 'door',
    osoutstockbill: 'door',
    diversecustomertransferbill: 'owner',
    inventorylossbill: 'adjust',
    wmstockcheckbill: 'adjust',
    secondaryprocess: 'adjust',
    warehousetransferbill: 'internal',
    wmallocatebill: 'internal',
    checkbill: 'internal',
    temporarypackagebill: 'internal',
    packagetemporarybill: 'internal',
  };

  it('every bill that posts has one class, the one listed', () => {
    const declared = Object.fromEntries(
      flowEntities.flatMap((entity) => {
        const movement = movementClassOf(entity.name, entity.flow);
        return movement === undefined ? [] : [[entity.name, movement]];
      }),
    );
    expect(declared).toEqual(expected);
  });

  it('a bill whose postings disagree is refused', () => {
    expect(() =>
      movementClassOf('mixed', {
        locks: [],
        postings: [{ kind: 'in', fee: '1', movement: 'door' }],
        actions: {
          move: {
            label: { zh: '', mo: '', en: '' },
            confirm: { zh: '', mo: '', en: '' },
            ledger: 'post',
            posts: [{ kind: 'move', fee: '2', movement: 'internal' }],
          },
        },
      }),
    ).toThrow(/mixed/);
  });
});

describe('a bill with a state moves it when it is reviewed (issue 29, 6)', () => {
  /** Actions whose state another rule keeps, with why. */
  const keptElsewhere: Record<string, string> = {
    // Its state follows the receipts against it; its un-review needs it still new.
    'ispurchaseapplybill.review': 'state follows receiving',
    'ispurchaseapplybill.unreview': 'state follows receiving',
    // Receives in parts: its flow code completes the bill with the last unit.
    'wmallocatebill.receive': 'set by flow code',
  };
  const posts = (action: FlowAction) => action.ledger === 'post' || action.sets?.isReview === '2';
  const takesBack = (action: FlowAction) => action.ledger === 'reverse' || action.sets?.isReview === '1';

  it('every posting or review action of a bill with a billState sets it, and every undo too', () => {
    const missing: string[] = [];
    const checked: string[] = [];
    for (const entity of flowEntities) {
      const state = entity.fields.find((field) => field.name === 'state');
      if (state?.dict !== 'billState') continue;
      for (const [name, action] of Object.entries(entity.flow?.actions ?? {})) {
        if (!posts(action) && !takesBack(action)) continue;
        const key = `${entity.name}.${name}`;
        if (keptElsewhere[key]) continue;
        checked.push(key);
        if (action.sets?.state === undefined) missing.push(key);
      }
    }
    expect(missing).toEqual([]);
    expect(checked).toContain('wmstockcheckbill.review');
    expect(checked).toContain('monthbill.review');
  });

  it('the count and the monthly bill complete on review and are new again on un-review', () => {
    const actions = (name: string) => entities.find((entity) => entity.name === name)?.flow?.actions ?? {};
    for (const bill of ['wmstockcheckbill', 'monthbill']) {
      expect(actions(bill).review?.sets?.state).toBe('3');
      expect(actions(bill).unreview?.sets?.state).toBe('0');
    }
  });
});

describe('the operation log names every flow action (issue 29, 15)', () => {
  it('has each declared action in the auditAction dictionary, in zh, mo and en', async () => {
    const { systemDicts } = await import('../src/system/dicts.ts');
    const logged = new Map(systemDicts.auditAction.values.map((value) => [value.value, value.label]));
    for (const entity of flowEntities)
      for (const name of Object.keys(entity.flow?.actions ?? {})) {
        const label = logged.get(name);
        expect(label, `${entity.name}.${name}`).toBeDefined();
        for (const language of ['zh', 'mo', 'en'] as const) expect(label?.[language]).toBeTruthy();
        expect(label?.en).not.toMatch(/\p{Script=Han}/u);
      }
    expect(logged.get('sign')?.zh).toMatch(/签收/);
  });
});
