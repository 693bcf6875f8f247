import type { FastifyInstance } from 'fastify';
import { body } from './app.ts';

type Line = Record<string, unknown>;
export type Answer = { code: number; success: boolean; data: unknown; msg: string };

/** An API client of one app and one signed-in user. */
export function client(app: FastifyInstance, token: () => string) {
  const call = async (
    method: 'GET' | 'POST',
    url: string,
    options: { query?: Record<string, string>; payload?: unknown; language?: string } = {},
  ): Promise<Answer> => {
    const response = await app.inject({
      method,
      url,
      query: options.query,
      payload: options.payload as never,
      headers: { 'blade-auth': `bearer ${token()}`, 'blade-language': options.language ?? 'zh' },
    });
    return body(response) as Answer;
  };
  const submit = async (entity: string, payload: unknown, language = 'zh') =>
    call('POST', `/api/bl-wms/${entity}/submit`, { payload, language });
  const action = (entity: string, name: string, ids: string[], language = 'zh') =>
    call('POST', `/api/bl-wms/${entity}/${name}`, { query: { ids: ids.join(',') }, language });
  return { call, submit, action };
}

/** The data of an answer that must succeed; otherwise an error naming what was asked and why not. */
export function must<T = unknown>(answer: Answer, what: string): T {
  if (!answer.success) throw new Error(`${what}: ${answer.msg}`);
  return answer.data as T;
}

/** The caller's open workflow tasks of one instance, from their to-do list. */
export async function todoOf(c: ReturnType<typeof client>, instanceId: string): Promise<Line[]> {
  const page = must<{ records: Line[] }>(
    await c.call('GET', '/api/bl-flowable/task/todo', { query: { size: '100' } }),
    'todo',
  );
  return page.records.filter((task) => task.instanceId === instanceId);
}

let billCounter = 0;
export const nextBillNo = (prefix: string) => `${prefix}-${++billCounter}`;

export async function masterData(submit: ReturnType<typeof client>['submit']) {
  const must = async (entity: string, payload: Line) => {
    const answer = await submit(entity, payload);
    if (!answer.success) throw new Error(`${entity}: ${answer.msg}`);
  };
  await must('unit', { code: 'PCS', name: '件', rate: '1' });
  for (const code of ['M1', 'M2', 'M3'])
    await must('material', { code, name: `物料 ${code}`, spec: 'S', model: 'X', unitCode: 'PCS' });
  for (const code of ['C1', 'C2'])
    await must('customer', { code, name: `货主 ${code}`, customerStatus: '1' });
  await must('warehouse', { code: 'W1', name: '一号仓' });
  await must('warehousearea', { code: 'A1', name: 'A 区', warehouseCode: 'W1' });
  for (const code of ['P1', 'P2', 'P3'])
    await must('warehouseplace', { code, name: `库位 ${code}`, warehouseAreaCode: 'A1', placeStatus: '1' });
}
