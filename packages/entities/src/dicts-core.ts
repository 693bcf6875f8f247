import type { Label } from './label.ts';

export interface DictValue {
  value: string;
  label: Label;
}

export interface Dict {
  code: string;
  label: Label;
  values: DictValue[];
}

export const dict = (code: string, l: Label, values: [string, Label][]): Dict => ({
  code,
  label: l,
  values: values.map(([value, valueLabel]) => ({ value, label: valueLabel })),
});
