import { type Dict, dict } from '../dicts-core.ts';
import { label } from '../label.ts';

/** Dictionaries of this area (value hints of spec 02 §4), labels in zh, mo and en. */
export const processingDicts = {
  /**
   * Progress of a production task (not shown in the spec): materials issued out of stock, then
   * finished goods received into stock, in part and in full.
   */
  secProductiveStatus: dict('secProductiveStatus', label('加工任务状态', '加工任務狀態', 'Task status'), [
    ['1', label('待领料', '待領料', 'Awaiting materials')],
    ['2', label('加工中', '加工中', 'In process')],
    ['3', label('部分入库', '部分入庫', 'Partly received')],
    ['4', label('已完成', '已完成', 'Completed')],
  ]),
} satisfies Record<string, Dict>;
