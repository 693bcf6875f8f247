import { type Label, label } from './label.ts';

export interface DictValue {
  value: string;
  label: Label;
}

export interface Dict {
  code: string;
  label: Label;
  values: DictValue[];
}

const dict = (code: string, l: Label, values: [string, Label][]): Dict => ({
  code,
  label: l,
  values: values.map(([value, valueLabel]) => ({ value, label: valueLabel })),
});

/**
 * Fixed dictionaries: the value hints of spec 02 §4 with labels in three languages. Values
 * travel as strings ("0", "1"), the way SpringBlade dictionaries keep dictKey.
 */
export const dicts = {
  yesNo: dict('yesNo', label('是否', '是否', 'Yes / no'), [
    ['0', label('否', '否', 'No')],
    ['1', label('是', '是', 'Yes')],
  ]),
  enabled: dict('enabled', label('启用状态', '啟用狀態', 'Enabled'), [
    ['0', label('停用', '停用', 'Disabled')],
    ['1', label('启用', '啟用', 'Enabled')],
  ]),
  invalid: dict('invalid', label('有效标志', '有效標誌', 'Validity'), [
    ['0', label('有效', '有效', 'Valid')],
    ['1', label('无效', '無效', 'Invalid')],
  ]),
  stockStatus: dict('stockStatus', label('库存状态', '庫存狀態', 'Stock status'), [
    ['1', label('可用', '可用', 'Available')],
    ['2', label('质检', '質檢', 'Quality inspection')],
    ['3', label('冻结', '凍結', 'Frozen')],
  ]),
  strategyType: dict('strategyType', label('策略类型', '策略類型', 'Strategy type'), [
    ['1', label('上架策略', '上架策略', 'Put-away')],
    ['2', label('下架策略', '下架策略', 'Pick-down')],
  ]),
  packLevel: dict('packLevel', label('包装层级', '包裝層級', 'Pack level'), [
    ['1', label('一级', '一級', 'Level 1')],
    ['2', label('二级', '二級', 'Level 2')],
    ['3', label('三级', '三級', 'Level 3')],
    ['4', label('四级', '四級', 'Level 4')],
    ['5', label('五级', '五級', 'Level 5')],
  ]),
  sex: dict('sex', label('性别', '性別', 'Sex'), [
    ['1', label('男', '男', 'Male')],
    ['2', label('女', '女', 'Female')],
    ['3', label('未知', '未知', 'Unknown')],
  ]),
  unitType: dict('unitType', label('单位类型', '單位類型', 'Unit type'), [
    ['1', label('数量', '數量', 'Count')],
    ['2', label('重量', '重量', 'Weight')],
    ['3', label('体积', '體積', 'Volume')],
    ['4', label('长度', '長度', 'Length')],
  ]),
  materialType: dict('materialType', label('物料类型', '物料類型', 'Material type'), [
    ['1', label('成品', '成品', 'Finished goods')],
    ['2', label('原材料', '原材料', 'Raw material')],
    ['3', label('包装材料', '包裝材料', 'Packaging')],
    ['4', label('半成品', '半成品', 'Semi-finished')],
  ]),
  warningType: dict('warningType', label('预警类型', '預警類型', 'Warning type'), [
    ['0', label('不预警', '不預警', 'None')],
    ['1', label('库存预警', '庫存預警', 'Stock level')],
    ['2', label('效期预警', '效期預警', 'Expiry')],
  ]),
} satisfies Record<string, Dict>;

export type DictCode = keyof typeof dicts;
