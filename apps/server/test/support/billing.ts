import { entityByName } from '@bl/entities/registry';
import type { client } from './wms.ts';
import { nextBillNo } from './wms.ts';

type Line = Record<string, unknown>;
type Row = Record<string, unknown> & { id: string };

/**
 * What the fee suites do over and over, through the API (`api` is read at each call: suites
 * make their client in `beforeAll`): save a record or fail naming why, and receive or ship goods
 * on a day with bills that post when saved.
 */
export function feeFixtures(api: () => ReturnType<typeof client>) {
  const path = (entity: string) => entityByName.get(entity)?.path as string;
  const must = async (entity: string, payload: Line) => {
    const answer = await api().call('POST', `${path(entity)}/submit`, { payload, language: 'en' });
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
    return answer.data as Row;
  };
  const numbered = (lines: Line[]) => lines.map((line, index) => ({ lineNumber: index + 1, ...line }));
  const receive = (owner: string, billDate: string, lines: Line[], isReview = '0') =>
    must('isinstockbill', {
      billNo: nextBillNo('IN'),
      billDate,
      customerCode: owner,
      type: '2',
      isReview,
      details: numbered(lines.map((l) => ({ warehousePlaceCode: 'P1', batchNo: 'B', ...l }))),
    });
  const ship = (owner: string, billDate: string, lines: Line[]) =>
    must('osoutstockbill', {
      billNo: nextBillNo('OUT'),
      billDate,
      customerCode: owner,
      warehouseCode: 'W1',
      outTransferType: '1',
      isReview: '0',
      details: numbered(lines),
    });
  return { path, must, numbered, receive, ship };
}
